<?php
// adapter/build.php: manifest -> booted Lumen application (protocol §2.3).
//
// Every statement is mapped to Lumen's own router API, and nothing Lumen lacks is emulated:
//   $router->get/post/put/patch/delete(U, H)  -> Laravel\Lumen\Routing\Router::get/... (same names)
//   [C::class, 'a']                           -> 'C@a', Lumen's own controller handler notation
//   group([...], fn ($router) => ...)         -> Router::group() with the same attribute array
//   ->middleware(...) / ->name(...)           -> called on what the verb method returned. Lumen's
//                                                verb methods return the Router, which has no
//                                                middleware() or name(): PHP's Error is the boot
//                                                failure (422 kind boot).
//   resource(N, C::class)                     -> Router::resource(), which Lumen does not have:
//                                                same thing.
// The capabilities route-middleware, named-routes and resources are therefore not declared
// (README.md), so the runner never sends those statements; were they sent, Lumen's own error shows.
declare(strict_types=1);

namespace FwAdapter;

use App\Support\Trace;
use Closure;
use Laravel\Lumen\Application;
use Laravel\Lumen\Routing\Router;

/** A fresh application and container from a manifest, booted like bootstrap/app.php does. */
function build_app(array $manifest): Application
{
    return (static function (array $manifest): Application {
        return require __DIR__ . '/../app/bootstrap/app.php';
    })($manifest);
}

/** Runs the statements of one route file against the router it is handed. */
function load_route_file(Router $router, array $statements): void
{
    foreach ($statements as $s) {
        if (array_key_exists('group', $s)) {
            $attributes = $s['group'];                                       // absent keys stay absent
            if (isset($attributes['middleware'])) {
                $attributes['middleware'] = array_map('FwAdapter\catalog_middleware', $attributes['middleware']);
            }
            // The closure's own $router, untyped: what Lumen hands the closure is under test.
            $router->group($attributes, function ($router) use ($s) {
                load_route_file($router, $s['routes']);
            });
        } elseif (array_key_exists('resource', $s)) {
            $router->resource($s['resource'], catalog_class($s['controller']));   // not a Lumen method
        } else {
            $route = $router->{strtolower($s['method'])}($s['uri'], handler($s['handler']));
            foreach ($s['chain'] ?? [] as $call) {                           // not Lumen methods
                $route = array_key_exists('name', $call)
                    ? $route->name($call['name'])
                    : $route->middleware(is_array($call['middleware'])
                        ? array_map('FwAdapter\catalog_middleware', $call['middleware'])
                        : catalog_middleware($call['middleware']));
            }
        }
    }
}

/**
 * A handler as Lumen takes it. [C::class, 'a'] is written 'C@a' (Lumen's notation for a controller
 * action; Lumen does not accept the array form). Closures are the catalog's (protocol §2.3).
 */
function handler(array $h): string|Closure
{
    if (array_key_exists('controller', $h)) {
        return catalog_class($h['controller']) . '@' . $h['action'];
    }
    return match ($h['closure']) {
        'text', 'json' => function () use ($h) {
            Trace::add("closure:{$h['closure']}");
            return $h['value'];
        },
        'args' => function (...$args) {
            Trace::add('closure:args');
            return ['closure' => 'args', 'args' => array_map('FwAdapter\typed', $args)];
        },
        // Names that no URI uses: the values can only arrive by position (the spec's closure rule).
        'named' => function ($alpha, $beta) {
            Trace::add('closure:named');
            return ['closure' => 'named', 'args' => [typed($alpha), typed($beta)]];
        },
    };
}
