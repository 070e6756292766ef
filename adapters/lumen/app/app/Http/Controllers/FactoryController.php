<?php
declare(strict_types=1);

namespace App\Http\Controllers;

use App\Support\Trace;
use Laravel\Lumen\Http\ResponseFactory;

/**
 * Protocol §4.2: each action gets Lumen's ResponseFactory (Laravel\Lumen\Http\ResponseFactory, the
 * class Lumen's response() helper returns) from the container and returns one call. Lumen's
 * factory has make(), json(), stream() and download(); the spec's other methods fail with the
 * factory's own BadMethodCallException (it is Macroable). Only the "factory-content" capability
 * is declared (json() exists); see README.md.
 */
class FactoryController
{
    public function json(ResponseFactory $factory) { $this->trace('json'); return $factory->json(['via' => 'factory']); }
    public function text(ResponseFactory $factory) { $this->trace('text'); return $factory->text('plain text'); }
    public function noContent(ResponseFactory $factory) { $this->trace('noContent'); return $factory->noContent(); }
    public function view(ResponseFactory $factory) { $this->trace('view'); return $factory->view('hello', ['name' => 'Factory']); }
    public function redirect(ResponseFactory $factory) { $this->trace('redirect'); return $factory->redirect('/target'); }
    public function redirectRoute(ResponseFactory $factory) { $this->trace('redirectRoute'); return $factory->redirectRoute('target', ['id' => 7]); }
    public function success(ResponseFactory $factory) { $this->trace('success'); return $factory->success(['id' => 1]); }
    public function created(ResponseFactory $factory) { $this->trace('created'); return $factory->created(['id' => 2]); }
    public function error(ResponseFactory $factory) { $this->trace('error'); return $factory->error('Something failed'); }
    public function validationError(ResponseFactory $factory) { $this->trace('validationError'); return $factory->validationError(['name' => ['The name field is required.']]); }
    public function notFound(ResponseFactory $factory) { $this->trace('notFound'); return $factory->notFound(); }

    private function trace(string $action): void
    {
        Trace::add("action:FactoryController@$action");
    }
}
