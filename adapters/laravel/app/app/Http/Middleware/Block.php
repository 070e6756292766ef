<?php

namespace App\Http\Middleware;

use App\Support\Trace;
use Closure;
use Illuminate\Http\Request;
use Illuminate\Http\Response;

/** Answers by itself: the next layer never runs. */
class Block
{
    public function handle(Request $request, Closure $next)
    {
        Trace::add('mw:Block:before');

        return new Response('blocked', 403);
    }
}
