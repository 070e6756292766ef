<?php

namespace App\Providers;

use App\Support\RouteFiles;
use Illuminate\Foundation\Support\Providers\RouteServiceProvider as ServiceProvider;
use Illuminate\Support\Facades\Route;

/**
 * As in the Laravel 8 skeleton: routes/web.php is loaded by default, in the "web" middleware
 * group. Only routes/web is loaded (the skeleton's routes/api.php does not exist here).
 */
class RouteServiceProvider extends ServiceProvider
{
    public function boot()
    {
        $this->routes(function () {
            Route::middleware('web')->group($this->app->make(RouteFiles::class)->web);
        });
    }
}
