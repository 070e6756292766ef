<?php
// autoload.php: the application's App\ classes, PSR-4, as Composer's autoloader loads them in a
// Laravel or Lumen project (there is no Composer here): first the adapter's own application
// ($base/app/), then the catalog classes both adapters share (app/ beside this file: the trace and
// the trace middleware).
declare(strict_types=1);

function fw_autoload_app(string $base): void
{
    $roots = [$base . '/app/', __DIR__ . '/app/'];
    spl_autoload_register(static function (string $class) use ($roots): void {
        if (!str_starts_with($class, 'App\\')) return;
        $relative = str_replace('\\', '/', substr($class, 4)) . '.php';
        foreach ($roots as $root) {
            if (is_file($root . $relative)) {
                require $root . $relative;
                return;
            }
        }
    });
}
