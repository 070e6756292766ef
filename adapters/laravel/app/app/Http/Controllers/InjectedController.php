<?php

namespace App\Http\Controllers;

use App\Services\Clock;
use App\Support\Trace;
use App\Support\Typed;
use Illuminate\Routing\Controller;

/** Constructor injection: Laravel's container builds the controller with its Clock. */
class InjectedController extends Controller
{
    public function __construct(private Clock $clock)
    {
        Trace::add('ctor:InjectedController');
    }

    public function show(string $id)
    {
        Trace::add('action:InjectedController@show');

        return [
            'action' => 'InjectedController@show',
            'ctor' => ['clock' => Typed::of($this->clock)],
            'params' => Typed::params(['id' => $id]),
        ];
    }
}
