<?php

namespace App\Exceptions;

use App\Support\FrameworkError;
use Illuminate\Foundation\Exceptions\Handler as ExceptionHandler;
use Throwable;

/**
 * The skeleton's handler: Laravel reports and renders every error itself. It only adds the
 * framework's error to a 5xx as X-Fw-Exception (protocol §3.3); status and body are Laravel's.
 */
class Handler extends ExceptionHandler
{
    protected $dontFlash = [
        'current_password',
        'password',
        'password_confirmation',
    ];

    public function register()
    {
        //
    }

    public function render($request, Throwable $e)
    {
        return FrameworkError::attach(parent::render($request, $e), $e);
    }
}
