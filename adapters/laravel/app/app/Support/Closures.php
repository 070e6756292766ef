<?php

namespace App\Support;

/**
 * The bodies of the catalog closures (protocol §2.3, handlers). The closures themselves, with the
 * parameter lists the protocol prescribes, are written into the generated route files
 * (adapter/routefile.php); they call these methods.
 */
final class Closures
{
    /** @param  list<mixed>  $args */
    public static function args(array $args): array
    {
        Trace::add('closure:args');

        return ['closure' => 'args', 'args' => array_map([Typed::class, 'of'], array_values($args))];
    }

    public static function named(mixed $alpha, mixed $beta): array
    {
        Trace::add('closure:named');

        return ['closure' => 'named', 'args' => [Typed::of($alpha), Typed::of($beta)]];
    }

    public static function value(string $kind, mixed $value): mixed
    {
        Trace::add("closure:$kind");

        return $value;
    }
}
