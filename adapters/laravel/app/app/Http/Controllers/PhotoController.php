<?php

namespace App\Http\Controllers;

use App\Support\Trace;
use App\Support\Typed;
use Illuminate\Routing\Controller;

/** The resource controller of the catalog: seven actions, $id untyped. */
class PhotoController extends Controller
{
    public function index()
    {
        return $this->echo('index', []);
    }

    public function create()
    {
        return $this->echo('create', []);
    }

    public function store()
    {
        return $this->echo('store', []);
    }

    public function show($id)
    {
        return $this->echo('show', ['id' => $id]);
    }

    public function edit($id)
    {
        return $this->echo('edit', ['id' => $id]);
    }

    public function update($id)
    {
        return $this->echo('update', ['id' => $id]);
    }

    public function destroy($id)
    {
        return $this->echo('destroy', ['id' => $id]);
    }

    private function echo(string $action, array $params): array
    {
        Trace::add("action:PhotoController@$action");

        return ['action' => "PhotoController@$action", 'params' => Typed::params($params)];
    }
}
