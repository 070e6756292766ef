<?php

namespace App\Http\Controllers;

use App\Support\Trace;
use Illuminate\Contracts\Routing\ResponseFactory;
use Illuminate\Routing\Controller;

/**
 * One ResponseFactory call per action, written exactly as protocol §4.2 does. The factory is
 * Laravel's own (Illuminate\Contracts\Routing\ResponseFactory, resolved from the container). Of
 * the spec's methods it has json(), noContent() and view(); text(), redirect(), redirectRoute()
 * and the API helpers do not exist in Laravel, so those calls end in Laravel's
 * BadMethodCallException. Only the capability factory-content is declared (README.md); the other
 * actions are kept so that the calls can be replayed by hand.
 */
class FactoryController extends Controller
{
    public function json(ResponseFactory $factory)
    {
        $this->ran('json');

        return $factory->json(['via' => 'factory']);
    }

    public function text(ResponseFactory $factory)
    {
        $this->ran('text');

        return $factory->text('plain text');
    }

    public function noContent(ResponseFactory $factory)
    {
        $this->ran('noContent');

        return $factory->noContent();
    }

    public function view(ResponseFactory $factory)
    {
        $this->ran('view');

        return $factory->view('hello', ['name' => 'Factory']);
    }

    public function redirect(ResponseFactory $factory)
    {
        $this->ran('redirect');

        return $factory->redirect('/target');
    }

    public function redirectRoute(ResponseFactory $factory)
    {
        $this->ran('redirectRoute');

        return $factory->redirectRoute('target', ['id' => 7]);
    }

    public function success(ResponseFactory $factory)
    {
        $this->ran('success');

        return $factory->success(['id' => 1]);
    }

    public function created(ResponseFactory $factory)
    {
        $this->ran('created');

        return $factory->created(['id' => 2]);
    }

    public function error(ResponseFactory $factory)
    {
        $this->ran('error');

        return $factory->error('Something failed');
    }

    public function validationError(ResponseFactory $factory)
    {
        $this->ran('validationError');

        return $factory->validationError(['name' => ['The name field is required.']]);
    }

    public function notFound(ResponseFactory $factory)
    {
        $this->ran('notFound');

        return $factory->notFound();
    }

    private function ran(string $action): void
    {
        Trace::add("action:FactoryController@$action");
    }
}
