<?php

namespace App\Support;

/**
 * The X-Fw-Trace of the current request (protocol §3): catalog probes append tokens as they run.
 * php -S gives every request fresh PHP state, so the static list belongs to one request.
 */
final class Trace
{
    /** @var list<string> */
    private static array $tokens = [];

    public static function add(string $token): void
    {
        self::$tokens[] = $token;
    }

    public static function header(): string
    {
        return implode(',', self::$tokens);
    }
}
