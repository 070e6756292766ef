<?php
// adapter/index.php: a protocol-2 adapter, served by `php -S 127.0.0.1:$PORT adapter/index.php`.
// PHP forgets everything between requests, so each manifest is stored on disk under its id and
// the application is rebuilt from it for every request (protocol §2.3 allows exactly that).
declare(strict_types=1);

// php -S gives a response without Content-Type the type text/html: that would hide a framework
// that sets none (protocol §3.1). The framework's own headers must reach the suite unchanged.
ini_set('default_mimetype', '');

$autoload = __DIR__ . '/../vendor/autoload.php';   // YOUR FRAMEWORK
if (!is_file($autoload)) {                          // one clear 500, which the runner stops at
    file_put_contents('php://stderr', "adapter/index.php: no $autoload: install your framework (composer install), or try the skeleton with fw-conformance init --example-framework\n");
    http_response_code(500);
    exit;
}
require $autoload;
require __DIR__ . '/manifest.php';             // fw_manifest_error(), fw_url_request_error(): the first bad field
require __DIR__ . '/build.php';                // build_app(): manifest -> booted application
require __DIR__ . '/catalog.php';              // Trace and the probe catalog (§4)
require __DIR__ . '/exception.php';            // fw_exception_header(): the framework's error (§3.3)

$store = sys_get_temp_dir() . '/fw-adapter-' . getenv('PORT');
is_dir($store) || mkdir($store, 0700, true);
$method = $_SERVER['REQUEST_METHOD'];
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?: '/';

function reply(int $status, ?array $body, array $headers = []): never {
    http_response_code($status);
    foreach ($headers as $name => $value) header("$name: $value");
    if ($body !== null) {
        header('Content-Type: application/json');
        echo json_encode($body, JSON_UNESCAPED_SLASHES);
    }
    exit;
}

function fail(int $status, string $kind, string $message, array $more = [], array $headers = []): never {
    reply($status, ['error' => ['kind' => $kind, 'message' => $message] + $more], $headers);
}

function stored(string $store, string $id): ?array {
    $file = "$store/$id.json";
    if (!preg_match('/^[A-Za-z0-9_-]{1,64}$/D', $id) || !is_file($file)) return null;   // D: no trailing "\n"
    return json_decode(file_get_contents($file), true);
}

if (str_starts_with($path, '/__fw/')) {                          // §2: the control plane
    $token = (string) getenv('TOKEN');
    if ($token === '' || ($_SERVER['HTTP_AUTHORIZATION'] ?? '') !== "Bearer $token") {
        fail(401, 'auth', 'missing or wrong token');
    }
    $raw = (string) file_get_contents('php://input');
    $body = json_decode($raw, true);
    if ($method === 'GET' && $path === '/__fw/info') {
        reply(200, [
            'protocol' => 2,
            'implementation' => ['name' => 'my-framework', 'version' => '1.0.0', 'language' => 'PHP'],
            'capabilities' => FW_CAPABILITIES,                   // adapter/catalog.php: what you declare (§5)
            // php -S answers unknown methods itself and drops some absolute-form targets (§3.1).
            'server' => ['name' => 'php -S', 'limits' => ['unknown-methods', 'absolute-form']],
            // Each application request rebuilds the application from its manifest (§2.2): the
            // runner may then load a manifest once for every scenario that uses it.
            'applications' => 'per-request',
            // php -S serves PHP_CLI_SERVER_WORKERS requests at once (start.sh), each in its own
            // process: the runner may run that many scenarios at once (§2.2).
            'concurrency' => max(1, (int) (getenv('PHP_CLI_SERVER_WORKERS') ?: 1)),
        ]);
    }
    if ($method === 'POST' && $path === '/__fw/apps') {
        if ($bad = fw_manifest_error($raw)) fail(400, 'manifest', $bad[1], ['pointer' => $bad[0]]);
        try {
            $app = build_app($body);
        } catch (Throwable $e) {
            fail(422, 'boot', $e->getMessage());               // the framework's own words
        }
        $id = bin2hex(random_bytes(8));
        file_put_contents("$store/$id.json", $raw);
        reply(201, ['app' => $id, 'routes' => count($app->make(Fw\Routing\Router::class)->getRoutes())]);
    }
    if ($method === 'POST' && $path === '/__fw/url') {
        if ($bad = fw_url_request_error($raw)) fail(400, 'manifest', $bad[1], ['pointer' => $bad[0]]);
        $manifest = stored($store, (string) ($body['app'] ?? ''));
        if ($manifest === null) fail(404, 'app', 'no application is loaded under that id');
        try {
            $url = build_app($manifest)->make(Fw\Routing\UrlGenerator::class)->route($body['name'], $body['params']);
        } catch (Throwable $e) {
            fail(422, 'url', $e->getMessage());
        }
        reply(200, ['url' => $url]);
    }
    if ($method === 'DELETE' && preg_match('#^/__fw/apps/([^/]+)$#', $path, $m)) {
        if (stored($store, $m[1]) === null) fail(404, 'app', "no application is loaded under \"$m[1]\"");
        unlink("$store/$m[1].json");
        reply(204, null);
    }
    fail(404, 'not-found', "no control call $method $path");
}

$id = $_SERVER['HTTP_X_FW_APP'] ?? '';                           // §3: an application request
$manifest = stored($store, $id);
if ($manifest === null) fail(404, 'app', "no application is loaded under \"$id\"", [], ['X-Fw-Error' => 'app']);
try {
    $app = build_app($manifest);
} catch (Throwable $e) {
    fail(500, 'internal', $e->getMessage(), [], ['X-Fw-Error' => 'internal']);
}
$response = $app->handle(Fw\Http\Request::capture());            // YOUR FRAMEWORK's own dispatch
$response->header('X-Fw-Trace', Trace::header());
$response->send();
