<?php

namespace App\Exceptions;

use App\Support\FrameworkError;
use Laravel\Lumen\Exceptions\Handler as ExceptionHandler;
use Throwable;

/**
 * The laravel/lumen skeleton's handler: Lumen's own, which reports and renders every error. It
 * only adds X-Fw-Exception to a 5xx (protocol §3.3); status and body are Lumen's.
 */
class Handler extends ExceptionHandler
{
    public function render($request, Throwable $e)
    {
        return FrameworkError::attach(parent::render($request, $e), $e);
    }
}
