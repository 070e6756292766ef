<?php
declare(strict_types=1);

namespace App\Http\Middleware;

use App\Support\Trace;
use Closure;
use Illuminate\Http\Request;
use Illuminate\Http\Response;

/** Protocol §4.3: answers 403 "blocked" without calling the next layer. */
class Block
{
    public function handle(Request $request, Closure $next)
    {
        Trace::add('mw:Block:before');
        return new Response('blocked', 403);
    }
}
