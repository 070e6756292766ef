<?php
// adapter/laravel.php: Laravel's autoloader, the application's classes, and the application of a
// stored manifest, created by the application's own bootstrap/app.php.
declare(strict_types=1);

// Debian's php-laravel-framework (Illuminate 8.83), through the one class map start.sh builds from
// its autoloaders (adapters/shared/classmap.php) when there is one.
require getenv('FW_AUTOLOAD') ?: '/usr/share/php/Illuminate/autoload.php';

const FW_APP_BASE = __DIR__ . '/../app';

// The application's App\ classes: app/app/, then the catalog classes shared with Lumen.
require __DIR__ . '/../../shared/autoload.php';
fw_autoload_app(FW_APP_BASE);

/**
 * Everything the adapter keeps lives under one folder of its own, keyed by PORT:
 *   apps/<id>/      one loaded application: manifest.json and its routes/<name>.php files
 *   storage/        the Laravel storage path (compiled Blade views)
 *   cache/          Laravel's bootstrap caches (packages.php, services.php)
 *   docroot/        php -S's empty document root
 */
function fw_store(): string
{
    static $store = null;
    // start.sh chooses it (in memory where it can); the temporary folder when started otherwise.
    return $store ??= getenv('FW_LARAVEL_STORE')
        ?: sys_get_temp_dir() . '/fw-laravel-' . (preg_replace('/\D/', '', (string) getenv('PORT')) ?: 'default');
}

/**
 * Laravel writes its bootstrap caches next to the application (bootstrap/cache/) unless told
 * otherwise through these environment variables; they go to the store, where php -S's workers
 * may write. The configuration is cached by warm.php (`php artisan config:cache`: config/ is the
 * same for every application); the route and event caches are never written (their files never
 * exist), so every application's routes are always read from its own route files.
 */
function fw_environment(): void
{
    $store = fw_store();
    foreach ([
        'APP_PACKAGES_CACHE' => "$store/cache/packages.php",
        'APP_SERVICES_CACHE' => "$store/cache/services.php",
        'APP_CONFIG_CACHE' => "$store/cache/config.php",
        'APP_ROUTES_CACHE' => "$store/cache/no-routes-cache.php",
        'APP_EVENTS_CACHE' => "$store/cache/no-events-cache.php",
        'FW_LARAVEL_STORAGE' => "$store/storage",
    ] as $name => $value) {
        putenv("$name=$value");
        $_ENV[$name] = $_SERVER[$name] = $value;
    }
    foreach (['apps', 'cache', 'storage/framework/views', 'docroot'] as $dir) {
        is_dir("$store/$dir") || @mkdir("$store/$dir", 0700, true);
    }
}

function fw_app_dir(string $id): ?string
{
    $dir = fw_store() . "/apps/$id";
    return preg_match('/^[A-Za-z0-9_-]{1,64}$/D', $id) && is_file("$dir/manifest.json") ? $dir : null;
}

/** A fresh application for the route files in $dir, created by the application's bootstrap/app.php. */
function fw_create_app(string $dir, array $manifest): Illuminate\Foundation\Application
{
    $routeFiles = new App\Support\RouteFiles(
        "$dir/routes/web.php",
        array_map(fn (string $name) => "$dir/routes/$name.php", $manifest['bootstrap'] ?? []),
        array_map(fn (string $name) => "$dir/routes/$name.php", $manifest['providers'] ?? []),
    );
    return require FW_APP_BASE . '/bootstrap/app.php';   // sees $routeFiles, as its header says
}
