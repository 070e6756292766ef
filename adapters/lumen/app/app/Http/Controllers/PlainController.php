<?php
declare(strict_types=1);

namespace App\Http\Controllers;

use App\Support\Trace;

/** Protocol §4.2: does not extend Lumen's base controller; hidden() is public but never routed. */
class PlainController
{
    public function hello(): string
    {
        Trace::add('action:PlainController@hello');
        return 'hello';
    }

    public function hidden(): string
    {
        Trace::add('action:PlainController@hidden');
        return 'hidden';
    }
}
