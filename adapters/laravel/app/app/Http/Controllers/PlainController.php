<?php

namespace App\Http\Controllers;

use App\Support\Trace;

/** Does not extend Laravel's base Controller. */
class PlainController
{
    public function hello()
    {
        Trace::add('action:PlainController@hello');

        return 'hello';
    }

    /** Public, but no route of the suite ever names it. */
    public function hidden()
    {
        Trace::add('action:PlainController@hidden');

        return 'hidden';
    }
}
