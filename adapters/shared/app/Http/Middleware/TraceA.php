<?php
declare(strict_types=1);

namespace App\Http\Middleware;

use App\Support\Trace;
use Closure;
use Illuminate\Http\Request;

/** Protocol §4.3: records entry and exit, returns the next layer's response unchanged. */
class TraceA
{
    public function handle(Request $request, Closure $next)
    {
        Trace::add('mw:TraceA:before');
        $response = $next($request);
        Trace::add('mw:TraceA:after');
        return $response;
    }
}
