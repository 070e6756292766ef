<?php
// reply.php: the adapter's own answers (protocol §2): a status, a JSON body, headers, then exit.
// Shared by the PHP adapters; every name starts with fw_ (PHP's global namespace is the framework's too).
declare(strict_types=1);

function fw_reply(int $status, ?array $body, array $headers = []): never
{
    http_response_code($status);
    foreach ($headers as $name => $value) header("$name: $value");
    if ($body !== null) {
        header('Content-Type: application/json');
        // A framework's message may hold bytes that are not UTF-8: they must not lose the answer.
        echo json_encode($body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE);
    }
    exit;
}

/** An error answer: {"error": {"kind", "message", ...$more}}. */
function fw_fail(int $status, string $kind, string $message, array $more = [], array $headers = []): never
{
    fw_reply($status, ['error' => ['kind' => $kind, 'message' => $message] + $more], $headers);
}

/** 400 kind manifest for what fw_manifest_error() or fw_url_request_error() found: [pointer, message]. */
function fw_fail_manifest(array $bad): never
{
    fw_fail(400, 'manifest', $bad[1], ['pointer' => $bad[0]]);
}
