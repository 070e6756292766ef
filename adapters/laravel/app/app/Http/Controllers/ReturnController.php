<?php

namespace App\Http\Controllers;

use App\Support\Trace;
use Illuminate\Http\JsonResponse;
use Illuminate\Http\RedirectResponse;
use Illuminate\Http\Response;
use Illuminate\Routing\Controller;
use JsonSerializable;

/** Each action returns one kind of value; Laravel's Router::toResponse() converts it. */
class ReturnController extends Controller
{
    public function response()
    {
        $this->ran('response');

        return new Response('response body', 201, ['X-Probe' => 'response']);
    }

    public function jsonResponse()
    {
        $this->ran('jsonResponse');

        return new JsonResponse(['kind' => 'json'], 202);
    }

    public function redirectResponse()
    {
        $this->ran('redirectResponse');

        return new RedirectResponse('/redirected', 301);
    }

    public function array()
    {
        $this->ran('array');

        return ['kind' => 'array', 'list' => [1, 2, 3]];
    }

    public function list()
    {
        $this->ran('list');

        return [1, 2, 3];
    }

    public function object()
    {
        $this->ran('object');

        return new class implements JsonSerializable {
            public function jsonSerialize(): mixed
            {
                return ['kind' => 'object'];
            }
        };
    }

    public function string()
    {
        $this->ran('string');

        return 'plain string';
    }

    public function emptyString()
    {
        $this->ran('emptyString');

        return '';
    }

    public function int()
    {
        $this->ran('int');

        return 42;
    }

    public function float()
    {
        $this->ran('float');

        return 1.5;
    }

    public function true()
    {
        $this->ran('true');

        return true;
    }

    public function false()
    {
        $this->ran('false');

        return false;
    }

    public function null()
    {
        $this->ran('null');

        return null;
    }

    private function ran(string $action): void
    {
        Trace::add("action:ReturnController@$action");
    }
}
