<?php

return [
    'name' => 'fw-conformance Laravel adapter',
    // production: errors are rendered the way a deployed application renders them (no stack traces).
    'env' => 'production',
    'debug' => false,
    'url' => 'http://localhost',
    'asset_url' => null,
    'timezone' => 'UTC',
    'locale' => 'en',
    'fallback_locale' => 'en',
    'faker_locale' => 'en_US',
    'key' => null,
    'cipher' => 'AES-256-CBC',

    // The framework providers a routing-and-controllers application needs (README.md), then the
    // application's own.
    'providers' => [
        Illuminate\Filesystem\FilesystemServiceProvider::class,
        Illuminate\Foundation\Providers\FoundationServiceProvider::class,
        Illuminate\Session\SessionServiceProvider::class,
        Illuminate\Translation\TranslationServiceProvider::class,
        Illuminate\Validation\ValidationServiceProvider::class,
        Illuminate\View\ViewServiceProvider::class,

        App\Providers\RouteServiceProvider::class,
        App\Providers\RouteFilesServiceProvider::class,
    ],

    'aliases' => [],
];
