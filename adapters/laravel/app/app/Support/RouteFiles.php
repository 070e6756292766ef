<?php

namespace App\Support;

/**
 * Where this application's route files are: routes/web.php and the files that bootstrap/app.php
 * and RouteFilesServiceProvider load. The adapter writes them from the manifest (Laravel's own
 * route-file format: PHP that registers routes on $router) and hands their paths to the application.
 */
final class RouteFiles
{
    /**
     * @param  list<string>  $bootstrap  loaded by the bootstrap sequence (bootstrap/app.php), in order
     * @param  list<string>  $providers  loaded from RouteFilesServiceProvider::boot(), in order
     */
    public function __construct(
        public readonly string $web,
        public readonly array $bootstrap = [],
        public readonly array $providers = [],
    ) {
    }
}
