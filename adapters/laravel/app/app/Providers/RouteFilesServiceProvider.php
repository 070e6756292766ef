<?php

namespace App\Providers;

use App\Support\RouteFiles;
use Illuminate\Support\Facades\Route;
use Illuminate\Support\ServiceProvider;

/**
 * A service provider registered by the application (config/app.php) whose boot() loads further
 * route files: the manifest's "providers" (protocol §2.3).
 */
class RouteFilesServiceProvider extends ServiceProvider
{
    public function boot()
    {
        foreach ($this->app->make(RouteFiles::class)->providers as $file) {
            Route::middleware('web')->group($file);
        }
    }
}
