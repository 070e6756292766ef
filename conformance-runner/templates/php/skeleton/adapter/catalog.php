<?php
// adapter/catalog.php: the probe catalog (protocol §4), written by `fw-conformance init` with every
// entry a stub. A stub answers 501 with `X-Fw-Error: not-ported` and names itself, so that
// `fw-conformance --check-adapter` lists exactly what is left to port, capability by capability,
// and a scenario that reaches a stub is reported as an adapter error, never as your framework's.
// Port an entry by replacing its `fw_not_ported(...)` line with the behaviour §4 gives, on your
// framework's own base classes (YOUR FRAMEWORK); docs/writing-an-adapter.md shows the first ones.
declare(strict_types=1);

namespace {
    // §5: the capabilities you declare in GET /__fw/info. Leave out only what your framework has no
    // API for at all (no resource(), no fluent Route::name(), ...); declare the rest even where it
    // behaves differently from the spec: the suite then tells you how.
    const FW_CAPABILITIES = [
        'routing', 'groups', 'middleware', 'route-middleware', 'resources', 'named-routes', 'url-generation',
        'injection', 'form-requests', 'models', 'views', 'base-controller', 'factory-content',
        'factory-redirects', 'factory-api', 'route-files',
    ];

    final class Trace {                                   // PHP resets statics for every request
        private static array $tokens = [];
        public static function add(string $token): void { self::$tokens[] = $token; }
        public static function header(): string { return implode(',', self::$tokens); }
    }

    function typed(mixed $v): array {                     // §4.1
        return match (true) {
            is_string($v) => ['type' => 'string', 'value' => $v],
            is_int($v) => ['type' => 'int', 'value' => $v],
            is_float($v) => ['type' => 'float', 'value' => $v],
            is_bool($v) => ['type' => 'bool', 'value' => $v],
            $v === null => ['type' => 'null', 'value' => null],
            $v instanceof FwAdapter\Catalog\Clock => ['type' => 'Clock', 'value' => 'clock'],
            $v instanceof FwAdapter\Catalog\Calendar => ['type' => 'Calendar', 'value' => ['clock' => typed($v->clock())]],
            // YOUR FRAMEWORK's request class: {method, path} (§4.1); StoreItemRequest: its validated
            // data; Item: its attributes.
            default => ['type' => get_debug_type($v), 'value' => null],
        };
    }

    // Catalog names are short ("EchoController"); unknown names go to the framework unchanged.
    function catalog_class(string $name): string {
        return class_exists("FwAdapter\\Catalog\\$name") ? "FwAdapter\\Catalog\\$name" : $name;
    }

    /** A catalog entry not ported yet: the adapter's own answer (§2.1 error, kind not-ported). */
    function fw_not_ported(string $entry): never {
        http_response_code(501);
        header('Content-Type: application/json');
        header('X-Fw-Error: not-ported');
        header('X-Fw-Trace: ' . Trace::header());
        echo json_encode(['error' => ['kind' => 'not-ported', 'message' => "not ported: $entry"]], JSON_UNESCAPED_SLASHES);
        exit;
    }
}

namespace FwAdapter\Catalog {
    use Closure;
    use Trace;

    // §4.4 services: plain classes the container builds without any binding.
    class Clock {}

    class Calendar {
        public function __construct(private Clock $clock) {}
        public function clock(): Clock { return $this->clock; }
    }

    // §4.2. Each action records action:<Controller>@<method> as it starts and returns its echo body:
    //   ['action' => 'EchoController@int', 'params' => (object) ['value' => typed($value)]]
    class EchoController {                                // YOUR FRAMEWORK: extends its base Controller
        public function none() { fw_not_ported('EchoController@none'); }                 // routing
        public function untyped() { fw_not_ported('EchoController@untyped'); }           // routing: ($value)
        public function string() { fw_not_ported('EchoController@string'); }            // routing: (string $value)
        public function int() { fw_not_ported('EchoController@int'); }                  // injection: (int $value)
        public function float() { fw_not_ported('EchoController@float'); }              // injection: (float $value)
        public function bool() { fw_not_ported('EchoController@bool'); }                // injection: (bool $value)
        public function pair() { fw_not_ported('EchoController@pair'); }                // routing: (string $second, string $first)
        public function mixed() { fw_not_ported('EchoController@mixed'); }              // injection: (int $id, string $slug)
        public function withRequest() { fw_not_ported('EchoController@withRequest'); }  // injection: (Request $request, string $id)
        public function requestLast() { fw_not_ported('EchoController@requestLast'); }  // injection: (string $id, Request $request)
        public function requestNamed() { fw_not_ported('EchoController@requestNamed'); } // injection: (Request $request)
        public function withService() { fw_not_ported('EchoController@withService'); }  // injection: (Clock $clock)
        public function withDefault() { fw_not_ported('EchoController@withDefault'); }  // routing: (string $slug = 'default')
        public function withForm() { fw_not_ported('EchoController@withForm'); }        // form-requests: (StoreItemRequest $form)
        public function withModel() { fw_not_ported('EchoController@withModel'); }      // models: (Item $item)
        public function withCalendar() { fw_not_ported('EchoController@withCalendar'); } // injection: (Calendar $calendar)
    }

    class InjectedController {                            // injection; __construct(Clock $clock) records ctor:InjectedController
        public function show() { fw_not_ported('InjectedController@show'); }            // (string $id)
    }

    class PhotoController {                               // resources; each action returns its echo body (untyped $id)
        public function index() { fw_not_ported('PhotoController@index'); }
        public function create() { fw_not_ported('PhotoController@create'); }
        public function store() { fw_not_ported('PhotoController@store'); }
        public function show() { fw_not_ported('PhotoController@show'); }
        public function edit() { fw_not_ported('PhotoController@edit'); }
        public function update() { fw_not_ported('PhotoController@update'); }
        public function destroy() { fw_not_ported('PhotoController@destroy'); }
    }

    class PlainController {                               // routing; does not extend the base controller
        public function hello() { fw_not_ported('PlainController@hello'); }             // returns 'hello'
        public function hidden() { fw_not_ported('PlainController@hidden'); }           // returns 'hidden'
    }

    class ReturnController {                              // routing; each returns one kind of value (§4.2)
        public function response() { fw_not_ported('ReturnController@response'); }
        public function jsonResponse() { fw_not_ported('ReturnController@jsonResponse'); }
        public function redirectResponse() { fw_not_ported('ReturnController@redirectResponse'); }
        public function array() { fw_not_ported('ReturnController@array'); }
        public function list() { fw_not_ported('ReturnController@list'); }
        public function object() { fw_not_ported('ReturnController@object'); }
        public function string() { fw_not_ported('ReturnController@string'); }
        public function emptyString() { fw_not_ported('ReturnController@emptyString'); }
        public function int() { fw_not_ported('ReturnController@int'); }
        public function float() { fw_not_ported('ReturnController@float'); }
        public function true() { fw_not_ported('ReturnController@true'); }
        public function false() { fw_not_ported('ReturnController@false'); }
        public function null() { fw_not_ported('ReturnController@null'); }
    }

    class HelperController {                              // base-controller: YOUR FRAMEWORK's own base Controller
        public function responseContent() { fw_not_ported('HelperController@responseContent'); }
        public function responseFull() { fw_not_ported('HelperController@responseFull'); }
        public function responseFactory() { fw_not_ported('HelperController@responseFactory'); }
        public function jsonDefault() { fw_not_ported('HelperController@jsonDefault'); }
        public function jsonFull() { fw_not_ported('HelperController@jsonFull'); }
        public function redirectDefault() { fw_not_ported('HelperController@redirectDefault'); }
        public function redirectStatus() { fw_not_ported('HelperController@redirectStatus'); }
        public function viewDefault() { fw_not_ported('HelperController@viewDefault'); }
        public function viewFull() { fw_not_ported('HelperController@viewFull'); }
        public function introspect() { fw_not_ported('HelperController@introspect'); }
    }

    class FactoryController {                             // factory-*: each takes ResponseFactory $factory
        public function json() { fw_not_ported('FactoryController@json'); }
        public function text() { fw_not_ported('FactoryController@text'); }
        public function noContent() { fw_not_ported('FactoryController@noContent'); }
        public function view() { fw_not_ported('FactoryController@view'); }
        public function redirect() { fw_not_ported('FactoryController@redirect'); }
        public function redirectRoute() { fw_not_ported('FactoryController@redirectRoute'); }
        public function success() { fw_not_ported('FactoryController@success'); }
        public function created() { fw_not_ported('FactoryController@created'); }
        public function error() { fw_not_ported('FactoryController@error'); }
        public function validationError() { fw_not_ported('FactoryController@validationError'); }
        public function notFound() { fw_not_ported('FactoryController@notFound'); }
    }

    class FailController {                                // routing
        public function explode() { fw_not_ported('FailController@explode'); }          // throws 'probe failure'
    }

    class ViewController {                                // views; renders 'hello' with ['name' => 'Views & <co>']
        public function render() { fw_not_ported('ViewController@render'); }
    }

    // §4.3: TraceA/B/C record mw:<Name>:before and mw:<Name>:after around the next layer; Block
    // answers 403 "blocked"; WithClock (built by the container with a Clock) adds X-Clock: clock.
    class TraceA { public function handle($request, Closure $next) { fw_not_ported('TraceA'); } }
    class TraceB { public function handle($request, Closure $next) { fw_not_ported('TraceB'); } }
    class TraceC { public function handle($request, Closure $next) { fw_not_ported('TraceC'); } }
    class Block { public function handle($request, Closure $next) { fw_not_ported('Block'); } }
    class WithClock { public function handle($request, Closure $next) { fw_not_ported('WithClock'); } }

    // §4.4: StoreItemRequest (YOUR FRAMEWORK's FormRequest) and Item (its Model) are ported with
    // EchoController@withForm and @withModel; the view `hello` renders <p>Hello, {name}!</p>.
}
