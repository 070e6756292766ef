<?php
// adapter/build.php: a fresh application, booted from a manifest (protocol §2.3).
declare(strict_types=1);

use Fw\Routing\Router;

function build_app(array $manifest): Fw\Foundation\Application {
    $app = new Fw\Foundation\Application();                                // YOUR FRAMEWORK: new app + container
    $file = fn (string $name) => fn (Router $router) => run_statements($router, $manifest['routeFiles'][$name]);
    $app->routeFile($file('web'));                                         // routes/web, loaded by default
    foreach ($manifest['bootstrap'] ?? [] as $name) $app->routeFile($file($name));            // bootstrap/app.php
    foreach ($manifest['providers'] ?? [] as $name) $app->register(new RouteFileProvider($file($name)));
    $app->boot();                                                          // route files not listed stay unloaded
    return $app;
}

final class RouteFileProvider extends Fw\Support\ServiceProvider {        // YOUR FRAMEWORK's provider API
    public function __construct(private Closure $file) {}
    public function boot(Router $router): void { ($this->file)($router); }
}

function run_statements(Router $router, array $statements): void {
    foreach ($statements as $s) {
        if (isset($s['group'])) {
            $attributes = $s['group'];                                     // absent keys stay absent
            if (isset($attributes['middleware'])) $attributes['middleware'] = array_map('catalog_class', $attributes['middleware']);
            // The closure's own $router, untyped: what your framework hands the closure is under test.
            $router->group($attributes, fn ($router) => run_statements($router, $s['routes']));
        } elseif (isset($s['resource'])) {
            $router->resource($s['resource'], catalog_class($s['controller']));
        } else {
            $route = $router->{strtolower($s['method'])}($s['uri'], handler($s['handler']));   // YOUR FRAMEWORK's verb methods
            foreach ($s['chain'] ?? [] as $call) {                             // YOUR FRAMEWORK's Route::middleware() / name()
                $route = isset($call['name'])
                    ? $route->name($call['name'])
                    : $route->middleware(is_array($call['middleware']) ? array_map('catalog_class', $call['middleware']) : catalog_class($call['middleware']));
            }
        }
    }
}

function handler(array $h): array|Closure {
    if (isset($h['controller'])) return [catalog_class($h['controller']), $h['action']];  // YOUR FRAMEWORK's controller handler
    return match ($h['closure']) {
        'text', 'json' => function () use ($h) { Trace::add("closure:{$h['closure']}"); return $h['value']; },
        'args' => function (...$args) { Trace::add('closure:args'); return ['closure' => 'args', 'args' => array_map('typed', $args)]; },
        // Names no URI uses: the values can only arrive by position (the spec's closure rule).
        'named' => function ($alpha, $beta) { Trace::add('closure:named'); return ['closure' => 'named', 'args' => [typed($alpha), typed($beta)]]; },
    };
}
