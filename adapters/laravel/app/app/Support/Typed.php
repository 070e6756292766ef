<?php

namespace App\Support;

use App\Http\Requests\StoreItemRequest;
use App\Services\Calendar;
use App\Services\Clock;
use Illuminate\Http\Request;

/**
 * Typed values (protocol §4.1): the run-time type of what a probe received, never converted.
 */
final class Typed
{
    public static function of(mixed $value): array
    {
        return match (true) {
            is_string($value) => ['type' => 'string', 'value' => $value],
            is_int($value) => ['type' => 'int', 'value' => $value],
            is_float($value) => ['type' => 'float', 'value' => $value],
            is_bool($value) => ['type' => 'bool', 'value' => $value],
            $value === null => ['type' => 'null', 'value' => null],
            // A FormRequest is a Request too: the more specific type first.
            $value instanceof StoreItemRequest => ['type' => 'StoreItemRequest', 'value' => (object) $value->validated()],
            $value instanceof Request => ['type' => 'Request', 'value' => ['method' => $value->getMethod(), 'path' => $value->getPathInfo()]],
            $value instanceof Clock => ['type' => 'Clock', 'value' => 'clock'],
            $value instanceof Calendar => ['type' => 'Calendar', 'value' => ['clock' => self::of($value->clock())]],
            // Not a type of the catalog: reported as it is, so that the echo schema flags it.
            default => ['type' => get_debug_type($value), 'value' => null],
        };
    }

    /**
     * @param  array<string, mixed>  $params  declared parameter name => received value, in declaration order
     */
    public static function params(array $params): object
    {
        // (object): an action without parameters must still give the JSON object {}.
        return (object) array_map([self::class, 'of'], $params);
    }
}
