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

    /** Adds the header to a 5xx rendered from $e; any other answer, and every body, is left alone. */
    public static function attach($response, Throwable $e)
    {
        if ($response instanceof Response && $response->getStatusCode() >= 500) {
            $response->headers->set(self::HEADER, self::header($e));
        }
        return $response;
    }

    /** The header's value: the PHP skeleton's fw_exception_header(), one function for every PHP adapter. */
    public static function header(Throwable $e): string
    {
        require_once __DIR__ . '/../../../../conformance-runner/templates/php/skeleton/adapter/exception.php';
        return fw_exception_header($e);
    }
}
