<?php

namespace App\Http\Controllers;

use App\Support\Trace;
use Illuminate\Routing\Controller;

/**
 * Calls the spec's protected helpers of the base controller exactly as protocol §4.2 writes them.
 * Laravel's Illuminate\Routing\Controller has none of them (no response(), json(), redirect(),
 * view()): each call reaches Controller::__call(), and Laravel's BadMethodCallException is what
 * the suite sees. Nothing here emulates a helper.
 */
class HelperController extends Controller
{
    public function responseContent()
    {
        $this->ran('responseContent');

        return $this->response('helper');
    }

    public function responseFull()
    {
        $this->ran('responseFull');

        return $this->response('made', 201, ['X-Probe' => 'helper']);
    }

    public function responseFactory()
    {
        $this->ran('responseFactory');

        return $this->response()->json(['factory' => true], 201);
    }

    public function jsonDefault()
    {
        $this->ran('jsonDefault');

        return $this->json();
    }

    public function jsonFull()
    {
        $this->ran('jsonFull');

        return $this->json(['a' => 1], 202, ['X-Probe' => 'helper']);
    }

    public function redirectDefault()
    {
        $this->ran('redirectDefault');

        return $this->redirect('/target');
    }

    public function redirectStatus()
    {
        $this->ran('redirectStatus');

        return $this->redirect('/target', 307);
    }

    public function viewDefault()
    {
        $this->ran('viewDefault');

        return $this->view('hello', ['name' => 'World']);
    }

    public function viewFull()
    {
        $this->ran('viewFull');

        return $this->view('hello', ['name' => '<b>'], 203, ['X-Probe' => 'helper']);
    }

    /** Whether this instance has these methods, inherited and protected ones included. */
    public function introspect()
    {
        $this->ran('introspect');

        return [
            'validate' => method_exists($this, 'validate'),
            'authorize' => method_exists($this, 'authorize'),
            'middleware' => method_exists($this, 'middleware'),
        ];
    }

    private function ran(string $action): void
    {
        Trace::add("action:HelperController@$action");
    }
}
