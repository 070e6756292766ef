<?php
declare(strict_types=1);

namespace App\Providers;

use Illuminate\Support\ServiceProvider;

use function FwAdapter\load_route_file;

/**
 * A service provider registered by the application (bootstrap/app.php) that loads the manifest's
 * "providers" route files, in order, from its boot(), on the application's router
 * ($this->app->router, the way Lumen providers reach the router). Lumen boots providers when the
 * application is booted: on the first dispatch, or by Application::boot().
 */
class RouteServiceProvider extends ServiceProvider
{
    /** @param list<list<array>> $routeFiles the statements of each route file, in load order */
    public function __construct($app, private array $routeFiles)
    {
        parent::__construct($app);
    }

    public function boot(): void
    {
        foreach ($this->routeFiles as $statements) {
            load_route_file($this->app->router, $statements);
        }
    }
}
