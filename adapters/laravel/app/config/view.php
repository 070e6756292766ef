<?php

return [
    'paths' => [resource_path('views')],
    // Compiled Blade templates go to the adapter's store (storage path set in bootstrap/app.php).
    'compiled' => storage_path('framework/views'),
];
