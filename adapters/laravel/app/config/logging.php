<?php

use Monolog\Handler\NullHandler;
use Monolog\Handler\StreamHandler;

// Reported exceptions (FailController@explode, ...) are discarded by default; LOG_CHANNEL=stderr
// in the adapter's environment shows them on php -S's output instead.
return [
    'default' => getenv('LOG_CHANNEL') ?: 'null',
    'deprecations' => getenv('LOG_DEPRECATIONS_CHANNEL') ?: 'null',
    'channels' => [
        'null' => ['driver' => 'monolog', 'handler' => NullHandler::class],
        'stderr' => ['driver' => 'monolog', 'handler' => StreamHandler::class, 'with' => ['stream' => 'php://stderr'], 'level' => 'debug'],
    ],
];
