<?php

namespace App\Http\Middleware;

use App\Services\Clock;
use App\Support\Trace;
use App\Support\Typed;
use Closure;
use Illuminate\Http\Request;

/** Built by the container with its Clock; adds X-Clock to the response on its way out. */
class WithClock
{
    public function __construct(private Clock $clock)
    {
        Trace::add('ctor:WithClock');
    }

    public function handle(Request $request, Closure $next)
    {
        $response = $next($request);
        $response->headers->set('X-Clock', Typed::of($this->clock)['value']);

        return $response;
    }
}
