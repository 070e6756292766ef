<?php
// bootstrap/app.php: the Lumen application, bootstrapped the way the laravel/lumen skeleton's
// bootstrap/app.php does it, for one manifest (protocol §2.3). The adapter requires this file with
// $manifest in scope and gets the application back; route files are the manifest's statements,
// run by load_route_file() where the skeleton would `require` routes/<name>.php.
declare(strict_types=1);

use App\Providers\RouteServiceProvider;
use Laravel\Lumen\Application;

use function FwAdapter\load_route_file;

/** @var array $manifest */

$app = new Application(dirname(__DIR__));

// Storage (compiled Blade views, the log) lives outside the repository, per adapter port.
$app->useStoragePath(fw_lumen_store() . '/storage');

// Not called, as nothing in the catalog needs them: $app->withFacades(), $app->withEloquent().
// No global middleware, no route middleware aliases: the catalog's middleware is referenced by
// class name.

// The exception handler, bound as the skeleton binds it: Lumen's own (Laravel\Lumen\Exceptions\Handler),
// which only adds the framework's error to a 5xx as X-Fw-Exception (protocol §3.3).
$app->singleton(Illuminate\Contracts\Debug\ExceptionHandler::class, App\Exceptions\Handler::class);

$app->configure('app');

// Route files loaded by a service provider (manifest "providers"): registered here, booted by Lumen.
$providers = array_map(fn (string $name) => $manifest['routeFiles'][$name], $manifest['providers'] ?? []);
if ($providers !== []) {
    $app->register(new RouteServiceProvider($app, $providers));
}

// routes/web: loaded by the bootstrap and handed the router.
load_route_file($app->router, $manifest['routeFiles']['web']);

// Further route files loaded by the bootstrap sequence (manifest "bootstrap"), in order, after web.
foreach ($manifest['bootstrap'] ?? [] as $name) {
    load_route_file($app->router, $manifest['routeFiles'][$name]);
}

return $app;
