<?php
declare(strict_types=1);

namespace App\Http\Middleware;

use App\Services\Clock;
use Closure;
use App\Support\Trace;
use Illuminate\Http\Request;

/** Protocol §4.3: built by Lumen's container with its Clock; adds X-Clock on the way out. */
class WithClock
{
    public function __construct(private Clock $clock)
    {
        Trace::add('ctor:WithClock');
    }

    public function handle(Request $request, Closure $next)
    {
        $response = $next($request);
        $response->headers->set('X-Clock', $this->clock->name());
        return $response;
    }
}
