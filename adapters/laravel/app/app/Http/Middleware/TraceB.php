<?php

namespace App\Http\Middleware;

use App\Support\Trace;
use Closure;
use Illuminate\Http\Request;

class TraceB
{
    public function handle(Request $request, Closure $next)
    {
        Trace::add('mw:TraceB:before');
        $response = $next($request);
        Trace::add('mw:TraceB:after');

        return $response;
    }
}
