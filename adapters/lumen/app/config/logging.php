<?php
// config/logging.php: Lumen's upstream default (laravel/lumen-framework config/logging.php),
// reduced to the channels used, which the Debian package does not ship. Lumen's default exception
// handler reports every exception (404 and 405 included) to this log.
return [
    'default' => 'single',
    'channels' => [
        'single' => [
            'driver' => 'single',
            'path' => storage_path('logs/lumen.log'),
            'level' => 'debug',
        ],
        'null' => [
            'driver' => 'monolog',
            'handler' => Monolog\Handler\NullHandler::class,
        ],
    ],
];
