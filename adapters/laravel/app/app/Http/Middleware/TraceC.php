<?php

namespace App\Http\Middleware;

use App\Support\Trace;
use Closure;
use Illuminate\Http\Request;

class TraceC
{
    public function handle(Request $request, Closure $next)
    {
        Trace::add('mw:TraceC:before');
        $response = $next($request);
        Trace::add('mw:TraceC:after');

        return $response;
    }
}
