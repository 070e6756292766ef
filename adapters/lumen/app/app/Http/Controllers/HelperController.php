<?php
declare(strict_types=1);

namespace App\Http\Controllers;

use App\Support\Trace;
use Laravel\Lumen\Routing\Controller;

/**
 * Protocol §4.2: each action calls one protected helper of the spec's base Controller on Lumen's
 * base controller (Laravel\Lumen\Routing\Controller). Lumen's base controller has no response(),
 * json(), redirect() or view() method: those calls fail with PHP's own "Call to undefined
 * method" error, rendered by Lumen's exception handler. That is deliberate: the adapter does not
 * supply the helpers (it would certify itself, not Lumen).
 */
class HelperController extends Controller
{
    public function responseContent() { $this->trace('responseContent'); return $this->response('helper'); }
    public function responseFull() { $this->trace('responseFull'); return $this->response('made', 201, ['X-Probe' => 'helper']); }
    public function responseFactory() { $this->trace('responseFactory'); return $this->response()->json(['factory' => true], 201); }
    public function jsonDefault() { $this->trace('jsonDefault'); return $this->json(); }
    public function jsonFull() { $this->trace('jsonFull'); return $this->json(['a' => 1], 202, ['X-Probe' => 'helper']); }
    public function redirectDefault() { $this->trace('redirectDefault'); return $this->redirect('/target'); }
    public function redirectStatus() { $this->trace('redirectStatus'); return $this->redirect('/target', 307); }
    public function viewDefault() { $this->trace('viewDefault'); return $this->view('hello', ['name' => 'World']); }
    public function viewFull() { $this->trace('viewFull'); return $this->view('hello', ['name' => '<b>'], 203, ['X-Probe' => 'helper']); }

    /** Whether this instance has validate / authorize / middleware methods, inherited and protected ones included. */
    public function introspect(): array
    {
        $this->trace('introspect');
        return [
            'validate' => method_exists($this, 'validate'),
            'authorize' => method_exists($this, 'authorize'),
            'middleware' => method_exists($this, 'middleware'),
        ];
    }

    private function trace(string $action): void
    {
        Trace::add("action:HelperController@$action");
    }
}
