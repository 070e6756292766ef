<?php
declare(strict_types=1);

namespace App\Http\Controllers;

use App\Services\Calendar;
use App\Services\Clock;
use App\Support\Trace;
use Illuminate\Http\Request;
use Laravel\Lumen\Routing\Controller;

use function FwAdapter\echo_body;

/**
 * Protocol §4.2: every action returns its echo body as an array; Lumen converts it to JSON.
 * Parameter names and types are the protocol's: Lumen's container matches them to route
 * parameters by name and lets PHP coerce scalars to the declared types.
 *
 * Not ported: withForm (StoreItemRequest) and withModel (Item), see README.md ("form-requests",
 * "models"): Lumen has neither API.
 */
class EchoController extends Controller
{
    public function none(): array { return $this->echo('none', []); }
    public function untyped($value): array { return $this->echo('untyped', ['value' => $value]); }
    public function string(string $value): array { return $this->echo('string', ['value' => $value]); }
    public function int(int $value): array { return $this->echo('int', ['value' => $value]); }
    public function float(float $value): array { return $this->echo('float', ['value' => $value]); }
    public function bool(bool $value): array { return $this->echo('bool', ['value' => $value]); }
    public function pair(string $second, string $first): array { return $this->echo('pair', ['second' => $second, 'first' => $first]); }
    public function mixed(int $id, string $slug): array { return $this->echo('mixed', ['id' => $id, 'slug' => $slug]); }
    public function withRequest(Request $request, string $id): array { return $this->echo('withRequest', ['request' => $request, 'id' => $id]); }
    public function requestLast(string $id, Request $request): array { return $this->echo('requestLast', ['id' => $id, 'request' => $request]); }
    public function requestNamed(Request $request): array { return $this->echo('requestNamed', ['request' => $request]); }
    public function withService(Clock $clock): array { return $this->echo('withService', ['clock' => $clock]); }
    public function withDefault(string $slug = 'default'): array { return $this->echo('withDefault', ['slug' => $slug]); }
    public function withCalendar(Calendar $calendar): array { return $this->echo('withCalendar', ['calendar' => $calendar]); }

    private function echo(string $action, array $params): array
    {
        Trace::add("action:EchoController@$action");
        return echo_body("EchoController@$action", $params);
    }
}
