<?php
// adapter/index.php: the protocol-2 adapter for Lumen 8, the router script of `php -S` (start.sh).
// PHP forgets everything between requests, so each manifest is stored on disk under its id and
// the Lumen application is rebuilt from it (bootstrap/app.php) for every request (protocol §2.3).
declare(strict_types=1);

// php -S gives a response without Content-Type the type text/html: that would hide what Lumen
// sends (protocol §3.1). start.sh also passes -d default_mimetype=.
ini_set('default_mimetype', '');

// Debian's php-laravel-lumen-framework, through the one class map start.sh builds from its
// autoloaders (adapters/shared/classmap.php) when there is one.
require getenv('FW_AUTOLOAD') ?: 'Laravel/Lumen/autoload.php';
require __DIR__ . '/../../shared/manifest.php';   // fw_manifest_error(), fw_url_(batch_)request_error()
require __DIR__ . '/../../shared/reply.php';      // fw_reply(), fw_fail(), fw_fail_manifest()
require __DIR__ . '/../../shared/autoload.php';   // fw_autoload_app(): the application's App\ classes
require __DIR__ . '/probes.php';               // typed values, catalog names
require __DIR__ . '/build.php';                // build_app(): manifest -> Lumen application
require __DIR__ . '/store.php';                // fw_lumen_store(): where the adapter writes

use App\Support\Trace;
use Laravel\Lumen\Http\Request as LumenRequest;

use function FwAdapter\build_app;

// The application's own classes (app/app/), then the catalog classes shared with Laravel.
fw_autoload_app(dirname(__DIR__) . '/app');

$apps = fw_lumen_store() . '/apps';
is_dir($apps) || @mkdir($apps, 0700, true);
$method = $_SERVER['REQUEST_METHOD'];
$path = (string) (parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?? '/');

function stored(string $apps, string $id): ?array
{
    $file = "$apps/$id.json";
    if (!preg_match('/^[A-Za-z0-9_-]{1,64}$/D', $id) || !is_file($file)) return null;   // D: no trailing "\n"
    return json_decode((string) file_get_contents($file), true);
}

/** The version Lumen reports: Application::version() is "Lumen (8.3.4) (Laravel Components ^8.0)". */
function lumen_version(): string
{
    $version = (new Laravel\Lumen\Application(dirname(__DIR__) . '/app'))->version();
    return preg_match('/^Lumen \(([^)]+)\)/', $version, $m) ? $m[1] : $version;
}

if (str_starts_with($path, '/__fw/')) {                          // §2: the control plane
    $token = (string) getenv('TOKEN');
    if ($token === '' || ($_SERVER['HTTP_AUTHORIZATION'] ?? '') !== "Bearer $token") {
        fw_fail(401, 'auth', 'missing or wrong token');
    }
    $raw = (string) file_get_contents('php://input');
    $body = json_decode($raw, true);
    if ($method === 'GET' && $path === '/__fw/info') {
        fw_reply(200, [
            'protocol' => 2,
            'implementation' => ['name' => 'Lumen', 'version' => lumen_version(), 'language' => 'PHP'],
            // Every decision is explained in README.md ("Capabilities").
            'capabilities' => [
                'routing', 'groups', 'middleware', 'url-generation', 'injection', 'views',
                'base-controller', 'factory-content', 'route-files',
            ],
            // php -S answers unknown methods itself and drops absolute-form targets with an empty path (§3.1).
            'server' => ['name' => 'php -S', 'limits' => ['unknown-methods', 'absolute-form']],
            // Every application request builds the application afresh from its stored manifest (§2.2).
            'applications' => 'per-request',
            // POST /__fw/urls: one boot for several URL questions (§2.4.1).
            'urlBatches' => true,
            // php -S serves PHP_CLI_SERVER_WORKERS requests at once (start.sh): as many scenarios at once (§2.2).
            'concurrency' => max(1, (int) (getenv('PHP_CLI_SERVER_WORKERS') ?: 1)),
        ]);
    }
    if ($method === 'POST' && $path === '/__fw/apps') {
        if ($bad = fw_manifest_error($raw)) fw_fail_manifest($bad);
        try {
            $app = build_app($body);
            $app->boot();                                          // providers' route files
        } catch (Throwable $e) {
            fw_fail(422, 'boot', $e->getMessage());                   // Lumen's (or PHP's) own words
        }
        $id = bin2hex(random_bytes(8));
        file_put_contents("$apps/$id.json", $raw, LOCK_EX);
        fw_reply(201, ['app' => $id, 'routes' => count($app->router->getRoutes())]);
    }
    if ($method === 'POST' && $path === '/__fw/url') {
        if ($bad = fw_url_request_error($raw)) fw_fail_manifest($bad);
        $manifest = stored($apps, $body['app']);
        if ($manifest === null) fw_fail(404, 'app', "no application is loaded under \"{$body['app']}\"");
        try {
            $app = build_app($manifest);
            $app->boot();
            // Lumen's UrlGenerator takes scheme and host from the current request, which Lumen
            // binds when it dispatches; here the current request is this control call.
            $app->instance(Illuminate\Http\Request::class, LumenRequest::capture());
            $url = $app->make('url')->route($body['name'], $body['params']);
        } catch (Throwable $e) {
            fw_fail(422, 'url', $e->getMessage());
        }
        fw_reply(200, ['url' => $url]);
    }
    if ($method === 'POST' && $path === '/__fw/urls') {
        if ($bad = fw_url_batch_request_error($raw)) fw_fail_manifest($bad);
        $manifest = stored($apps, $body['app']);
        if ($manifest === null) fw_fail(404, 'app', "no application is loaded under \"{$body['app']}\"");
        // A batch that fails as a whole is no answer: the runner asks each question alone (§2.4.1).
        // Registered before Lumen's own shutdown handler (build_app()), so it answers first.
        // display_errors=stderr holds for the cli SAPI only: php -S prints the fatal error into the
        // body, which sends the headers before this answer (Laravel's bootstrap turns it off itself).
        ini_set('display_errors', '0');
        register_shutdown_function(function (): void {
            $error = error_get_last();
            if ($error !== null && in_array($error['type'], [E_ERROR, E_PARSE, E_CORE_ERROR, E_COMPILE_ERROR, E_USER_ERROR], true)) {
                fw_fail(500, 'internal', $error['message']);
            }
        });
        try {
            $app = build_app($manifest);
            $app->boot();
            $app->instance(Illuminate\Http\Request::class, LumenRequest::capture());   // as for /__fw/url
        } catch (Throwable $e) {
            fw_fail(500, 'internal', $e->getMessage());
        }
        $answers = [];
        foreach ($body['questions'] as $i => $q) {
            // route() keeps no state between calls (§2.4.1): each answer is the one /__fw/url gives,
            // naming the place of its question.
            try {
                $answers[] = ['question' => $i, 'url' => $app->make('url')->route($q['name'], $q['params'])];
            } catch (Throwable $e) {
                $answers[] = ['question' => $i, 'error' => ['kind' => 'url', 'message' => $e->getMessage()]];
            }
        }
        fw_reply(200, ['answers' => $answers]);
    }
    if ($method === 'DELETE' && preg_match('#^/__fw/apps/([^/]+)$#', $path, $m)) {
        if (stored($apps, $m[1]) === null) fw_fail(404, 'app', "no application is loaded under \"$m[1]\"");
        unlink("$apps/$m[1].json");
        fw_reply(204, null);
    }
    fw_fail(404, 'not-found', "no control call $method $path");
}

$id = $_SERVER['HTTP_X_FW_APP'] ?? '';                           // §3: an application request
$manifest = stored($apps, $id);
if ($manifest === null) fw_fail(404, 'app', "no application is loaded under \"$id\"", [], ['X-Fw-Error' => 'app']);
try {
    $app = build_app($manifest);
} catch (Throwable $e) {
    fw_fail(500, 'internal', $e->getMessage(), [], ['X-Fw-Error' => 'internal']);
}
// Lumen's own kernel, unchanged: Application::handle() boots, routes, runs middleware and the
// handler, converts the result and renders exceptions with Lumen's exception handler.
$response = $app->handle(LumenRequest::capture());
$response->headers->set('X-Fw-Trace', Trace::header());
$response->send();
