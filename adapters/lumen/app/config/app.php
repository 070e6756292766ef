<?php
// config/app.php: Lumen's upstream default (laravel/lumen-framework config/app.php), reduced to what
// Lumen reads. The Debian package does not ship Lumen's config/ folder. Production mode: no debug
// output in error pages.
return [
    'name' => 'Lumen',
    'env' => 'production',
    'debug' => false,
    'url' => 'http://localhost',
    'timezone' => 'UTC',
    'locale' => 'en',
    'fallback_locale' => 'en',
];
