<?php

namespace App\Http\Controllers;

use App\Support\Trace;
use Illuminate\Routing\Controller;
use RuntimeException;

class FailController extends Controller
{
    public function explode()
    {
        Trace::add('action:FailController@explode');

        throw new RuntimeException('probe failure');
    }
}
