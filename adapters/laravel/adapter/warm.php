<?php
// adapter/warm.php: run once by start.sh before php -S starts. It boots an application without
// routes, which writes Laravel's bootstrap caches (packages.php, services.php) and compiles every
// Blade view (the application's and Laravel's error pages), what `php artisan view:cache` does in a
// deployment. php -S's workers then only read these files: Laravel 8 writes compiled views and
// caches without locking, and several workers compiling the same view at once could read a
// half-written file.
//
// Then it handles a request that matches a route and one that matches none, and writes the files
// of every framework class, interface and trait that declared to the store's preload.list: what
// adapter/preload.php has PHP preload when php -S starts.
declare(strict_types=1);

require __DIR__ . '/laravel.php';
require __DIR__ . '/routefile.php';

use Illuminate\Contracts\Http\Kernel;
use Illuminate\Foundation\Exceptions\RegisterErrorViewPaths;
use Illuminate\Http\Request;

fw_environment();
$dir = fw_store() . '/apps/.warm';
is_dir("$dir/routes") || mkdir("$dir/routes", 0700, true);
file_put_contents("$dir/routes/web.php", "<?php\n");
$app = fw_create_app($dir, ['protocol' => 2, 'routeFiles' => ['web' => []]]);
$app->instance('request', Request::create('/'));
$app->make(Kernel::class)->bootstrap();
(new RegisterErrorViewPaths)();                    // the "errors::" namespace, as the handler sets it

// The configuration, cached as `php artisan config:cache` caches it: it is the same for every
// application (config/ holds no route), and every request then reads one file instead of
// finding and reading config/*.php.
$cache = $app->getCachedConfigPath();
file_put_contents("$cache.tmp", '<?php return ' . var_export($app['config']->all(), true) . ';' . PHP_EOL);
touch("$cache.tmp", time() - 60);                  // complete: OPcache may keep it at once (classmap.php)
rename("$cache.tmp", $cache);

$finder = $app['view']->getFinder();
$compiled = 0;
foreach (array_merge($finder->getPaths(), ...array_values($finder->getHints())) as $path) {
    if (!is_dir($path)) continue;
    foreach (new RecursiveIteratorIterator(new RecursiveDirectoryIterator($path, FilesystemIterator::SKIP_DOTS)) as $file) {
        if (str_ends_with($file->getFilename(), '.blade.php')) {
            $app['blade.compiler']->compile($file->getPathname());
            $compiled++;
        }
    }
}

// A sample application, handled as index.php handles one: its classes are the ones to preload.
$sample = ['protocol' => 2, 'routeFiles' => ['web' => [
    ['method' => 'GET', 'uri' => '/sample/{id}', 'handler' => ['closure' => 'args']],
]]];
file_put_contents("$dir/routes/web.php", fw_route_file($sample['routeFiles']['web']));
foreach (['/sample/1', '/nowhere'] as $path) {
    $kernel = fw_create_app($dir, $sample)->make(Kernel::class);
    ob_start();
    $response = $kernel->handle($request = Request::create($path));
    $kernel->terminate($request, $response);
    ob_end_clean();
}
$files = [];
foreach (array_merge(get_declared_interfaces(), get_declared_traits(), get_declared_classes()) as $name) {
    $file = (new ReflectionClass($name))->getFileName();
    // Framework files only, never the adapter's or the application's (everything under adapters/,
    // adapters/shared/ included: a preloaded class could not be required again).
    if ($file !== false && !str_starts_with($file, dirname(__DIR__, 2) . '/')) $files[$file] = true;
}
file_put_contents(fw_store() . '/preload.list', implode("\n", array_keys($files)) . "\n");

unlink("$dir/routes/web.php");
rmdir("$dir/routes");
rmdir($dir);
fwrite(STDERR, "fw-laravel: Laravel " . $app->version() . ", $compiled Blade views compiled into " . fw_store() . "/storage, " . count($files) . " framework files to preload\n");
