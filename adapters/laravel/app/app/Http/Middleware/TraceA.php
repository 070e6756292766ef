<?php

namespace App\Http\Middleware;

use App\Support\Trace;
use Closure;
use Illuminate\Http\Request;

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
