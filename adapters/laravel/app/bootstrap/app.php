<?php

/*
 * bootstrap/app.php of the application, as in the Laravel 8 skeleton: create the application and
 * bind its kernel and exception handler. The adapter (adapter/laravel.php) requires this file with
 * $routeFiles in scope: where the manifest's route files of this application are.
 *
 * @var \App\Support\RouteFiles $routeFiles
 */

$app = new Illuminate\Foundation\Application(dirname(__DIR__));

$app->useStoragePath(getenv('FW_LARAVEL_STORAGE') ?: $app->storagePath());

$app->singleton(Illuminate\Contracts\Http\Kernel::class, App\Http\Kernel::class);
$app->singleton(Illuminate\Contracts\Debug\ExceptionHandler::class, App\Exceptions\Handler::class);

$app->instance(App\Support\RouteFiles::class, $routeFiles);

// Route files loaded by the bootstrap sequence: once every provider has booted (so after
// routes/web, which RouteServiceProvider loads), in the manifest's order.
foreach ($routeFiles->bootstrap as $file) {
    $app->booted(function ($app) use ($file) {
        $app['router']->middleware('web')->group($file);
    });
}

return $app;
