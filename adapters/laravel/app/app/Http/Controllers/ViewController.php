<?php

namespace App\Http\Controllers;

use App\Support\Trace;

/** Does not extend the base controller; renders through Laravel's view factory (view() helper). */
class ViewController
{
    public function render()
    {
        Trace::add('action:ViewController@render');

        return view('hello', ['name' => 'Views & <co>'])->render();
    }
}
