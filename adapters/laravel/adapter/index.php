<?php
// adapter/index.php: the fw-conformance adapter (protocol 2) for Laravel 8, the router script of
// `php -S` (start.sh). php -S runs it for every request with fresh PHP state, so every manifest is
// stored on disk (as Laravel route files) and its application is created again for every request
// by the application's own bootstrap/app.php, then handled by Laravel's HTTP kernel exactly as
// public/index.php of a Laravel application does.
declare(strict_types=1);

// php -S gives a response without Content-Type the type text/html; Laravel's own headers must
// reach the suite unchanged (protocol §3.1). start.sh sets it too (-d default_mimetype=).
ini_set('default_mimetype', '');

require __DIR__ . '/laravel.php';      // Laravel, the App\ autoloader, the store, fw_create_app()
require __DIR__ . '/../../shared/manifest.php';   // fw_manifest_error(), fw_url_(batch_)request_error()
require __DIR__ . '/../../shared/reply.php';      // fw_reply(), fw_fail(), fw_fail_manifest()
require __DIR__ . '/routefile.php';    // fw_route_file(): manifest statements -> Laravel route file

use App\Support\Trace;
use Illuminate\Contracts\Http\Kernel;
use Illuminate\Http\Request;

const FW_CAPABILITIES = [
    'routing', 'groups', 'middleware', 'route-middleware', 'resources', 'named-routes', 'url-generation',
    'injection', 'form-requests', 'views', 'base-controller', 'factory-content', 'route-files',
    // Not declared (README.md, "Capabilities"): models (Laravel has no Model::validateAndBind()),
    // factory-redirects (its ResponseFactory has no redirect() / redirectRoute()), factory-api (no
    // success(), created(), error(), validationError(), notFound()).
];

fw_environment();

// A fatal PHP error (require of a route file that does not exist, say) ends the request without
// an exception to catch. While an application boots for the control plane, it is the boot's
// failure; during an application request Laravel's own shutdown handler renders it, and the
// trace header is added first. $fw_on_fatal says what applies at this point of the request.
$fw_on_fatal = null;
register_shutdown_function(function () use (&$fw_on_fatal): void {
    $error = error_get_last();
    if ($fw_on_fatal !== null && $error !== null && in_array($error['type'], [E_ERROR, E_PARSE, E_CORE_ERROR, E_COMPILE_ERROR, E_USER_ERROR], true)) {
        $fw_on_fatal($error['message']);
    }
});

function fw_remove(string $dir): void
{
    foreach (glob("$dir/{,.}[!.,!..]*", GLOB_BRACE) ?: [] as $entry) {
        is_dir($entry) && !is_link($entry) ? fw_remove($entry) : @unlink($entry);
    }
    @rmdir($dir);
}

/** The stored application $id, created and bootstrapped (providers booted, route files loaded). */
function fw_booted_app(string $dir, Request $request): Illuminate\Foundation\Application
{
    $app = fw_create_app($dir, json_decode((string) file_get_contents("$dir/manifest.json"), true));
    // What Kernel::handle() does before bootstrapping: the current request is the container's.
    $app->instance('request', $request);
    $app->make(Kernel::class)->bootstrap();
    return $app;
}

$method = $_SERVER['REQUEST_METHOD'];
$path = explode('?', $_SERVER['REQUEST_URI'] ?? '/', 2)[0];

if (str_starts_with($path, '/__fw/')) {                                      // §2: the control plane
    $token = (string) getenv('TOKEN');
    if ($token === '' || !hash_equals("Bearer $token", (string) ($_SERVER['HTTP_AUTHORIZATION'] ?? ''))) {
        fw_fail(401, 'auth', 'missing or wrong token');
    }
    $raw = (string) file_get_contents('php://input');

    if ($method === 'GET' && $path === '/__fw/info') {
        fw_reply(200, [
            'protocol' => 2,
            'implementation' => ['name' => 'Laravel', 'version' => Illuminate\Foundation\Application::VERSION, 'language' => 'PHP'],
            'capabilities' => FW_CAPABILITIES,
            // php -S answers unknown methods itself and drops absolute-form targets with an empty path.
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
        $manifest = json_decode($raw, true);
        $id = bin2hex(random_bytes(8));
        $final = fw_store() . "/apps/$id";
        $dir = fw_store() . "/apps/.$id.loading";                            // renamed once it boots
        mkdir("$dir/routes", 0700, true);
        foreach ($manifest['routeFiles'] as $name => $statements) {
            file_put_contents("$dir/routes/$name.php", fw_route_file($statements));
        }
        file_put_contents("$dir/manifest.json", $raw);
        $fw_on_fatal = function (string $message) use ($dir): void {
            fw_remove($dir);
            fw_fail(422, 'boot', $message);
        };
        try {
            $app = fw_booted_app($dir, Request::capture());
            $routes = count($app['router']->getRoutes());
        } catch (Throwable $e) {
            fw_remove($dir);
            fw_fail(422, 'boot', $e->getMessage());                         // Laravel's own words
        }
        // The route files name their own folder nowhere, so the application moves as it is.
        rename($dir, $final);
        fw_reply(201, ['app' => $id, 'routes' => $routes]);
    }

    if ($method === 'POST' && $path === '/__fw/url') {
        if ($bad = fw_url_request_error($raw)) fw_fail_manifest($bad);
        $body = json_decode($raw, true);                                     // params: a native map, key order kept
        $dir = fw_app_dir($body['app']);
        if ($dir === null) fw_fail(404, 'app', "no application is loaded under \"{$body['app']}\"");
        $fw_on_fatal = fn (string $message) => fw_fail(422, 'url', $message);
        try {
            $app = fw_booted_app($dir, Request::capture());
            // The spec's UrlGenerator::route(name, params), called as the spec calls it: Laravel then
            // answers an absolute URL, which the suite charges to url.path (README.md, "Translations").
            $url = $app['url']->route($body['name'], $body['params']);
        } catch (Throwable $e) {
            fw_fail(422, 'url', $e->getMessage());
        }
        fw_reply(200, ['url' => $url]);
    }

    if ($method === 'POST' && $path === '/__fw/urls') {
        if ($bad = fw_url_batch_request_error($raw)) fw_fail_manifest($bad);
        $body = json_decode($raw, true);
        $dir = fw_app_dir($body['app']);
        if ($dir === null) fw_fail(404, 'app', "no application is loaded under \"{$body['app']}\"");
        // A batch that fails as a whole is no answer: the runner asks each question alone (§2.4.1).
        $fw_on_fatal = fn (string $message) => fw_fail(500, 'internal', $message);
        try {
            $app = fw_booted_app($dir, Request::capture());
        } catch (Throwable $e) {
            fw_fail(500, 'internal', $e->getMessage());
        }
        $answers = [];
        foreach ($body['questions'] as $i => $q) {
            // route() keeps no state between calls (§2.4.1): each answer is the one /__fw/url gives,
            // naming the place of its question.
            try {
                $answers[] = ['question' => $i, 'url' => $app['url']->route($q['name'], $q['params'])];
            } catch (Throwable $e) {
                $answers[] = ['question' => $i, 'error' => ['kind' => 'url', 'message' => $e->getMessage()]];
            }
        }
        fw_reply(200, ['answers' => $answers]);
    }

    if ($method === 'DELETE' && preg_match('#^/__fw/apps/([^/]+)$#D', $path, $m)) {
        $id = rawurldecode($m[1]);
        $dir = fw_app_dir($id);
        if ($dir === null) fw_fail(404, 'app', "no application is loaded under \"$id\"");
        fw_remove($dir);
        fw_reply(204, null);
    }

    fw_fail(404, 'not-found', "no control call $method $path");
}

// §3: an application request, handled as Laravel's public/index.php handles it.
$id = (string) ($_SERVER['HTTP_X_FW_APP'] ?? '');
$dir = fw_app_dir($id);
if ($dir === null) fw_fail(404, 'app', "no application is loaded under \"$id\"", [], ['X-Fw-Error' => 'app']);
try {
    $app = fw_create_app($dir, json_decode((string) file_get_contents("$dir/manifest.json"), true));
    $kernel = $app->make(Kernel::class);
} catch (Throwable $e) {
    fw_fail(500, 'internal', $e->getMessage(), [], ['X-Fw-Error' => 'internal']);
}

$fw_on_fatal = function (): void {
    headers_sent() || header('X-Fw-Trace: ' . Trace::header());
};
$response = $kernel->handle($request = Request::capture());
$response->headers->set('X-Fw-Trace', Trace::header());
$response->send();
$kernel->terminate($request, $response);
