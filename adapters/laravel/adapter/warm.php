<?php
// adapter/warm.php: run once by start.sh before php -S starts. It boots an application without
// routes, which writes Laravel's bootstrap caches (packages.php, services.php) and compiles every
// Blade view (the application's and Laravel's error pages), what `php artisan view:cache` does in a
// deployment. php -S's workers then only read these files: Laravel 8 writes compiled views and
// caches without locking, and several workers compiling the same view at once could read a
// half-written file.
declare(strict_types=1);

require __DIR__ . '/laravel.php';

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
unlink("$dir/routes/web.php");
rmdir("$dir/routes");
rmdir($dir);
fwrite(STDERR, "fw-laravel: Laravel " . $app->version() . ", $compiled Blade views compiled into " . fw_store() . "/storage\n");
