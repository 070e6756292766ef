<?php

namespace App\Support;

use Symfony\Component\HttpFoundation\Response;
use Throwable;

/**
 * The framework's error behind a 5xx answer, as the optional header X-Fw-Exception (protocol §3.3):
 * a report then shows the exception's class, message and file:line next to the failure, instead of
 * the first bytes of the framework's HTML error page. The application's exception handler calls
 * attach() on what the framework's own handler rendered: status and body stay as they are.
 */
final class FrameworkError
{
    public const HEADER = 'X-Fw-Exception';
    /** The protocol's bound on the header's value. */
    private const MAX_BYTES = 4096;

    /** Adds the header to a 5xx rendered from $e; any other answer, and every body, is left alone. */
    public static function attach($response, Throwable $e)
    {
        if ($response instanceof Response && $response->getStatusCode() >= 500) {
            $response->headers->set(self::HEADER, self::header($e));
        }
        return $response;
    }

    /**
     * {"class","message","file","line"} as JSON. json_encode's defaults escape everything outside
     * printable ASCII (a header value is bytes, not text); a message too long for the bound is
     * halved until it fits, invalid UTF-8 (a cut character) becomes U+FFFD.
     */
    public static function header(Throwable $e): string
    {
        $message = $e->getMessage();
        $file = $e->getFile();
        $file = strlen($file) > 500 ? '…' . substr($file, -500) : $file;
        for (;;) {
            $value = (string) json_encode(
                ['class' => get_class($e), 'message' => $message, 'file' => $file, 'line' => $e->getLine()],
                JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE
            );
            if (strlen($value) <= self::MAX_BYTES || $message === '') return $value;
            $message = strlen($message) > 16 ? substr($message, 0, intdiv(strlen($message), 2)) . '…' : '';
        }
    }
}
