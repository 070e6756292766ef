<?php
// config/view.php: Lumen's upstream default (laravel/lumen-framework config/view.php), which the
// Debian package does not ship. Views are read from resources/views; compiled Blade templates go
// to the adapter's storage, one folder per php -S worker process, so that two workers never
// read a template another one is still writing.
return [
    'paths' => [resource_path('views')],
    'compiled' => (function (): string {
        $dir = storage_path('framework/views-' . getmypid());
        is_dir($dir) || @mkdir($dir, 0700, true);
        return $dir;
    })(),
];
