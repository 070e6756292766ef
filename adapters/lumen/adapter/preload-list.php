<?php
// adapter/preload-list.php: run by start.sh before php -S starts. Builds an application from a
// sample manifest, handles a request that matches and one that does not, and prints the files of
// every framework class, interface and trait that declared: the list adapter/preload.php preloads.
declare(strict_types=1);

require 'Laravel/Lumen/autoload.php';
require __DIR__ . '/../../shared/autoload.php';
require __DIR__ . '/probes.php';
require __DIR__ . '/build.php';
require __DIR__ . '/store.php';

use Laravel\Lumen\Http\Request;

fw_autoload_app(dirname(__DIR__) . '/app');    // the sample's closure calls App\Support\Trace

$app = FwAdapter\build_app(['protocol' => 2, 'routeFiles' => ['web' => [
    ['method' => 'GET', 'uri' => '/sample/{id:[0-9]+}', 'handler' => ['closure' => 'args']],
]]]);
ob_start();
$app->handle(Request::create('/sample/1'));
$app->handle(Request::create('/nowhere'));
ob_end_clean();

$files = [];
foreach (array_merge(get_declared_interfaces(), get_declared_traits(), get_declared_classes()) as $name) {
    $file = (new ReflectionClass($name))->getFileName();
    // Framework files only, never the adapter's or the application's (everything under adapters/,
    // adapters/shared/ included: a preloaded class could not be required again).
    if ($file !== false && !str_starts_with($file, dirname(__DIR__, 2) . '/')) $files[$file] = true;
}
echo implode("\n", array_keys($files)), "\n";
