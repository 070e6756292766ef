<?php
declare(strict_types=1);

namespace App\Http\Controllers;

use App\Services\Clock;
use App\Support\Trace;
use Laravel\Lumen\Routing\Controller;

use function FwAdapter\typed;

/** Protocol §4.2: built by Lumen's container with constructor injection. */
class InjectedController extends Controller
{
    public function __construct(private Clock $clock)
    {
        Trace::add('ctor:InjectedController');
    }

    public function show(string $id): array
    {
        Trace::add('action:InjectedController@show');
        return [
            'action' => 'InjectedController@show',
            'ctor' => ['clock' => typed($this->clock)],
            'params' => ['id' => typed($id)],
        ];
    }
}
