<?php

namespace App\Http;

use Illuminate\Foundation\Http\Kernel as HttpKernel;

/**
 * Laravel's HTTP kernel, configured for a routing-only application (README.md, "What the adapter
 * configures"): no global middleware; the "web" group keeps only SubstituteBindings, the routing
 * member of the skeleton's group (cookies, session and CSRF are application security, not routing);
 * the catalog middleware are route middleware aliases, Laravel's way to give them short names.
 */
class Kernel extends HttpKernel
{
    protected $middleware = [];

    protected $middlewareGroups = [
        'web' => [
            \Illuminate\Routing\Middleware\SubstituteBindings::class,
        ],
    ];

    protected $routeMiddleware = [
        'TraceA' => \App\Http\Middleware\TraceA::class,
        'TraceB' => \App\Http\Middleware\TraceB::class,
        'TraceC' => \App\Http\Middleware\TraceC::class,
        'Block' => \App\Http\Middleware\Block::class,
        'WithClock' => \App\Http\Middleware\WithClock::class,
    ];
}
