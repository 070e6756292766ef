<?php
// adapter/probes.php: typed values (protocol §4.1) and the catalog's names, used by the catalog
// classes under app/app/ (the trace, App\Support\Trace, is adapters/shared/app/'s).
declare(strict_types=1);

namespace FwAdapter;

use App\Services\Calendar;
use App\Services\Clock;
use Illuminate\Http\Request;

/** A value a probe received, with its run-time type (protocol §4.1). Never converts the value. */
function typed(mixed $v): array
{
    return match (true) {
        is_string($v) => ['type' => 'string', 'value' => $v],
        is_int($v) => ['type' => 'int', 'value' => $v],
        is_float($v) => ['type' => 'float', 'value' => $v],
        is_bool($v) => ['type' => 'bool', 'value' => $v],
        $v === null => ['type' => 'null', 'value' => null],
        // Lumen's request is Illuminate\Http\Request (Laravel\Lumen\Http\Request extends it).
        $v instanceof Request => ['type' => 'Request', 'value' => ['method' => $v->method(), 'path' => $v->getPathInfo()]],
        $v instanceof Clock => ['type' => 'Clock', 'value' => $v->name()],
        $v instanceof Calendar => ['type' => 'Calendar', 'value' => ['clock' => typed($v->clock())]],
        // Anything else is reported as what it is; the echo schema then says the probe got a
        // value the protocol has no type for.
        default => ['type' => get_debug_type($v), 'value' => is_object($v) ? get_class($v) : gettype($v)],
    };
}

/** The echo body of an action: every declared parameter, in declaration order (protocol §4.1). */
function echo_body(string $action, array $params): array
{
    // (object): an empty PHP array encodes as [], and "params" must be a JSON object.
    return ['action' => $action, 'params' => (object) array_map('FwAdapter\typed', $params)];
}

/**
 * Catalog names (protocol §4) and the classes that port them: what `EchoController::class` is in a
 * route file that imports the class. Unknown names go to the framework unchanged.
 */
const CATALOG = [
    'EchoController' => \App\Http\Controllers\EchoController::class,
    'InjectedController' => \App\Http\Controllers\InjectedController::class,
    'PhotoController' => \App\Http\Controllers\PhotoController::class,
    'PlainController' => \App\Http\Controllers\PlainController::class,
    'ReturnController' => \App\Http\Controllers\ReturnController::class,
    'HelperController' => \App\Http\Controllers\HelperController::class,
    'FactoryController' => \App\Http\Controllers\FactoryController::class,
    'FailController' => \App\Http\Controllers\FailController::class,
    'ViewController' => \App\Http\Controllers\ViewController::class,
    'TraceA' => \App\Http\Middleware\TraceA::class,
    'TraceB' => \App\Http\Middleware\TraceB::class,
    'TraceC' => \App\Http\Middleware\TraceC::class,
    'Block' => \App\Http\Middleware\Block::class,
    'WithClock' => \App\Http\Middleware\WithClock::class,
    'Clock' => \App\Services\Clock::class,
    'Calendar' => \App\Services\Calendar::class,
];

function catalog_class(string $name): string
{
    return CATALOG[$name] ?? $name;
}

/** A middleware reference: the class part is a catalog name, Lumen's ':a,b' arguments stay. */
function catalog_middleware(string $reference): string
{
    $parts = explode(':', $reference, 2);
    $parts[0] = catalog_class($parts[0]);
    return implode(':', $parts);
}
