<?php
declare(strict_types=1);

namespace App\Http\Controllers;

use App\Support\Trace;

/** Protocol §4.2: renders the hello view through Lumen's view() helper and returns the string. */
class ViewController
{
    public function render(): string
    {
        Trace::add('action:ViewController@render');
        return view('hello', ['name' => 'Views & <co>'])->render();
    }
}
