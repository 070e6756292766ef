<?php

// The session store exists (Laravel's redirect after a failed validation flashes the input to it)
// but keeps nothing: the "array" driver, never persisted, never sent as a cookie. StartSession is
// not in the kernel (README.md).
return [
    'driver' => 'array',
    'lifetime' => 120,
    'expire_on_close' => false,
    'encrypt' => false,
    'files' => storage_path('framework/sessions'),
    'connection' => null,
    'table' => 'sessions',
    'store' => null,
    'lottery' => [2, 100],
    'cookie' => 'laravel_session',
    'path' => '/',
    'domain' => null,
    'secure' => null,
    'http_only' => true,
    'same_site' => 'lax',
];
