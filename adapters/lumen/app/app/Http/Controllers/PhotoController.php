<?php
declare(strict_types=1);

namespace App\Http\Controllers;

use App\Support\Trace;
use Laravel\Lumen\Routing\Controller;

use function FwAdapter\echo_body;

/**
 * Protocol §4.2: the resource controller (untyped $id). Ported for completeness: Lumen's router
 * has no resource(), so the capability "resources" is not declared and no scenario routes it.
 */
class PhotoController extends Controller
{
    public function index(): array { return $this->echo('index', []); }
    public function create(): array { return $this->echo('create', []); }
    public function store(): array { return $this->echo('store', []); }
    public function show($id): array { return $this->echo('show', ['id' => $id]); }
    public function edit($id): array { return $this->echo('edit', ['id' => $id]); }
    public function update($id): array { return $this->echo('update', ['id' => $id]); }
    public function destroy($id): array { return $this->echo('destroy', ['id' => $id]); }

    private function echo(string $action, array $params): array
    {
        Trace::add("action:PhotoController@$action");
        return echo_body("PhotoController@$action", $params);
    }
}
