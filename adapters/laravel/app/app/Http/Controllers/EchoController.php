<?php

namespace App\Http\Controllers;

use App\Http\Requests\StoreItemRequest;
use App\Services\Calendar;
use App\Services\Clock;
use App\Support\Trace;
use App\Support\Typed;
use Illuminate\Http\Request;
use Illuminate\Routing\Controller;

/**
 * Every action returns its echo body (protocol §4.1) as an array, which Laravel's router turns
 * into JSON. Parameter names and types are exactly those of protocol §4.2: Laravel's
 * ControllerDispatcher decides what each one receives.
 */
class EchoController extends Controller
{
    public function none()
    {
        return $this->echo('none', []);
    }

    public function untyped($value)
    {
        return $this->echo('untyped', ['value' => $value]);
    }

    public function string(string $value)
    {
        return $this->echo('string', ['value' => $value]);
    }

    public function int(int $value)
    {
        return $this->echo('int', ['value' => $value]);
    }

    public function float(float $value)
    {
        return $this->echo('float', ['value' => $value]);
    }

    public function bool(bool $value)
    {
        return $this->echo('bool', ['value' => $value]);
    }

    public function pair(string $second, string $first)
    {
        return $this->echo('pair', ['second' => $second, 'first' => $first]);
    }

    public function mixed(int $id, string $slug)
    {
        return $this->echo('mixed', ['id' => $id, 'slug' => $slug]);
    }

    public function withRequest(Request $request, string $id)
    {
        return $this->echo('withRequest', ['request' => $request, 'id' => $id]);
    }

    public function requestLast(string $id, Request $request)
    {
        return $this->echo('requestLast', ['id' => $id, 'request' => $request]);
    }

    public function requestNamed(Request $request)
    {
        return $this->echo('requestNamed', ['request' => $request]);
    }

    public function withService(Clock $clock)
    {
        return $this->echo('withService', ['clock' => $clock]);
    }

    public function withDefault(string $slug = 'default')
    {
        return $this->echo('withDefault', ['slug' => $slug]);
    }

    public function withForm(StoreItemRequest $form)
    {
        return $this->echo('withForm', ['form' => $form]);
    }

    // withModel(Item $item) is not ported: Laravel has no Model::validateAndBind() (capability
    // "models" is not declared; see README.md).

    public function withCalendar(Calendar $calendar)
    {
        return $this->echo('withCalendar', ['calendar' => $calendar]);
    }

    private function echo(string $action, array $params): array
    {
        Trace::add("action:EchoController@$action");

        return ['action' => "EchoController@$action", 'params' => Typed::params($params)];
    }
}
