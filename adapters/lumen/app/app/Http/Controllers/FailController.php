<?php
declare(strict_types=1);

namespace App\Http\Controllers;

use App\Support\Trace;
use RuntimeException;

/** Protocol §4.2: throws, so that Lumen's exception handler answers. */
class FailController
{
    public function explode(): never
    {
        Trace::add('action:FailController@explode');
        throw new RuntimeException('probe failure');
    }
}
