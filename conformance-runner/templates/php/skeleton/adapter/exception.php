<?php
// adapter/exception.php: the optional X-Fw-Exception header (protocol §3.3): the framework's error
// behind a 5xx, so that reports say why it answered 500. Call it where YOUR FRAMEWORK lets an
// application customise its exception handler, after the framework rendered (status and body stay
// the framework's), e.g. in Laravel's or Lumen's App\Exceptions\Handler::render():
//
//     $response = parent::render($request, $e);
//     if ($response->getStatusCode() >= 500) $response->headers->set('X-Fw-Exception', fw_exception_header($e));
//     return $response;
declare(strict_types=1);

/**
 * {"class","message","file","line"} as JSON. json_encode's defaults escape everything outside
 * printable ASCII (a header value is bytes, not text); a message too long for the protocol's 4096
 * bytes is halved until it fits, invalid UTF-8 (a cut character) becomes U+FFFD. The Lumen and
 * Laravel adapters use this very function (adapters/shared/app/Support/FrameworkError.php).
 */
function fw_exception_header(Throwable $e): string
{
    $message = $e->getMessage();
    $file = $e->getFile();
    $file = strlen($file) > 500 ? '…' . substr($file, -500) : $file;
    for (;;) {
        $value = (string) json_encode(
            ['class' => get_class($e), 'message' => $message, 'file' => $file, 'line' => $e->getLine()],
            JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE
        );
        if (strlen($value) <= 4096 || $message === '') return $value;
        $message = strlen($message) > 16 ? substr($message, 0, intdiv(strlen($message), 2)) . '…' : '';
    }
}
