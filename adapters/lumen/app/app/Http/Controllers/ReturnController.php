<?php
declare(strict_types=1);

namespace App\Http\Controllers;

use App\Support\Trace;
use Illuminate\Http\JsonResponse;
use Illuminate\Http\RedirectResponse;
use Illuminate\Http\Response;
use JsonSerializable;
use Laravel\Lumen\Routing\Controller;

/** Protocol §4.2: one kind of return value per action, converted by Lumen (prepareResponse). */
class ReturnController extends Controller
{
    public function response(): Response { return $this->trace('response', new Response('response body', 201, ['X-Probe' => 'response'])); }
    public function jsonResponse(): JsonResponse { return $this->trace('jsonResponse', new JsonResponse(['kind' => 'json'], 202)); }
    public function redirectResponse(): RedirectResponse { return $this->trace('redirectResponse', new RedirectResponse('/redirected', 301)); }
    public function array(): array { return $this->trace('array', ['kind' => 'array', 'list' => [1, 2, 3]]); }
    public function list(): array { return $this->trace('list', [1, 2, 3]); }
    public function object(): object { return $this->trace('object', new SerializableProbe()); }
    public function string(): string { return $this->trace('string', 'plain string'); }
    public function emptyString(): string { return $this->trace('emptyString', ''); }
    public function int(): int { return $this->trace('int', 42); }
    public function float(): float { return $this->trace('float', 1.5); }
    public function true(): bool { return $this->trace('true', true); }
    public function false(): bool { return $this->trace('false', false); }
    public function null(): mixed { return $this->trace('null', null); }

    private function trace(string $action, mixed $value): mixed
    {
        Trace::add("action:ReturnController@$action");
        return $value;
    }
}

/** Not an array: an object that PHP serializes to JSON as {"kind":"object"}. */
final class SerializableProbe implements JsonSerializable
{
    public function jsonSerialize(): array
    {
        return ['kind' => 'object'];
    }
}
