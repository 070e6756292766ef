// adapter/catalog.ts: the probe catalog (protocol §4), written by `fw-conformance init` with every
// entry a stub. A stub answers 501 with `X-Fw-Error: not-ported` and names itself (trace.ts), so
// that `fw-conformance --check-adapter` lists exactly what is left to port, capability by
// capability, and a scenario that reaches a stub is reported as an adapter error, never as your
// framework's. Port an entry by replacing its `notPorted(...)` call with the behaviour §4 gives, on
// YOUR FRAMEWORK's own base classes, imported from its package (never from ./framework.js, which
// imports this file): docs/writing-an-adapter.md, "Porting the probe catalog".
import type { Handler } from './manifest.js';
import { notPorted, record, typed } from './trace.js';

/**
 * §5: the capabilities declared in GET /__fw/info. Leave out only what your framework has no API
 * for at all (no resource(), no fluent Route::name(), ...); declare the rest even where it behaves
 * differently from the spec: the suite then tells you how.
 */
export const CAPABILITIES = [
  'routing', 'groups', 'middleware', 'route-middleware', 'resources', 'named-routes', 'url-generation',
  'injection', 'form-requests', 'models', 'views', 'base-controller', 'factory-content',
  'factory-redirects', 'factory-api', 'route-files',
];

// §4.4 services: plain classes the container builds without any binding. Calendar's constructor
// takes a Clock: tell YOUR FRAMEWORK's container so in its own way (a decorator, a static list).
export class Clock {
  name(): string {
    return 'clock';
  }
}

export class Calendar {
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  get clock(): Clock {
    return this.#clock;
  }
}

// §4.2. Each action records action:<Controller>@<method> as it starts and returns its echo body:
//   { action: 'EchoController@int', params: { value: typed(value, 'int') } }
// Parameter names are part of the protocol: declare them the way YOUR FRAMEWORK reads them.

// routing, injection, form-requests, models
export class EchoController {
  none(): unknown { return notPorted('EchoController@none'); }                    // routing
  untyped(): unknown { return notPorted('EchoController@untyped'); }              // routing: (value)
  string(): unknown { return notPorted('EchoController@string'); }                // routing: (value: string)
  int(): unknown { return notPorted('EchoController@int'); }                      // injection: (value: int)
  float(): unknown { return notPorted('EchoController@float'); }                  // injection: (value: float)
  bool(): unknown { return notPorted('EchoController@bool'); }                    // injection: (value: bool)
  pair(): unknown { return notPorted('EchoController@pair'); }                    // routing: (second: string, first: string)
  mixed(): unknown { return notPorted('EchoController@mixed'); }                  // injection: (id: int, slug: string)
  withRequest(): unknown { return notPorted('EchoController@withRequest'); }      // injection: (request: Request, id: string)
  requestLast(): unknown { return notPorted('EchoController@requestLast'); }      // injection: (id: string, request: Request)
  requestNamed(): unknown { return notPorted('EchoController@requestNamed'); }    // injection: (request: Request)
  withService(): unknown { return notPorted('EchoController@withService'); }      // injection: (clock: Clock)
  withDefault(): unknown { return notPorted('EchoController@withDefault'); }      // routing: (slug: string = 'default')
  withForm(): unknown { return notPorted('EchoController@withForm'); }            // form-requests: (form: StoreItemRequest)
  withModel(): unknown { return notPorted('EchoController@withModel'); }          // models: (item: Item)
  withCalendar(): unknown { return notPorted('EchoController@withCalendar'); }    // injection: (calendar: Calendar)
}

// injection: built with a Clock (records ctor:InjectedController); show(id) answers its echo with the ctor's clock
export class InjectedController {
  show(): unknown { return notPorted('InjectedController@show'); }
}

// resources: each action returns its echo body (untyped id)
export class PhotoController {
  index(): unknown { return notPorted('PhotoController@index'); }
  create(): unknown { return notPorted('PhotoController@create'); }
  store(): unknown { return notPorted('PhotoController@store'); }
  show(): unknown { return notPorted('PhotoController@show'); }
  edit(): unknown { return notPorted('PhotoController@edit'); }
  update(): unknown { return notPorted('PhotoController@update'); }
  destroy(): unknown { return notPorted('PhotoController@destroy'); }
}

// routing: does not extend the base controller; hello() returns 'hello', hidden() 'hidden'
export class PlainController {
  hello(): unknown { return notPorted('PlainController@hello'); }
  hidden(): unknown { return notPorted('PlainController@hidden'); }
}

// routing: each action returns one kind of value (§4.2)
export class ReturnController {
  response(): unknown { return notPorted('ReturnController@response'); }
  jsonResponse(): unknown { return notPorted('ReturnController@jsonResponse'); }
  redirectResponse(): unknown { return notPorted('ReturnController@redirectResponse'); }
  array(): unknown { return notPorted('ReturnController@array'); }
  list(): unknown { return notPorted('ReturnController@list'); }
  object(): unknown { return notPorted('ReturnController@object'); }
  string(): unknown { return notPorted('ReturnController@string'); }
  emptyString(): unknown { return notPorted('ReturnController@emptyString'); }
  int(): unknown { return notPorted('ReturnController@int'); }
  float(): unknown { return notPorted('ReturnController@float'); }
  true(): unknown { return notPorted('ReturnController@true'); }
  false(): unknown { return notPorted('ReturnController@false'); }
  null(): unknown { return notPorted('ReturnController@null'); }
}

// base-controller: extends YOUR FRAMEWORK's own base Controller; each action calls one helper
export class HelperController {
  responseContent(): unknown { return notPorted('HelperController@responseContent'); }
  responseFull(): unknown { return notPorted('HelperController@responseFull'); }
  responseFactory(): unknown { return notPorted('HelperController@responseFactory'); }
  jsonDefault(): unknown { return notPorted('HelperController@jsonDefault'); }
  jsonFull(): unknown { return notPorted('HelperController@jsonFull'); }
  redirectDefault(): unknown { return notPorted('HelperController@redirectDefault'); }
  redirectStatus(): unknown { return notPorted('HelperController@redirectStatus'); }
  viewDefault(): unknown { return notPorted('HelperController@viewDefault'); }
  viewFull(): unknown { return notPorted('HelperController@viewFull'); }
  introspect(): unknown { return notPorted('HelperController@introspect'); }
}

// factory-content, factory-redirects, factory-api: each takes a ResponseFactory
export class FactoryController {
  json(): unknown { return notPorted('FactoryController@json'); }
  text(): unknown { return notPorted('FactoryController@text'); }
  noContent(): unknown { return notPorted('FactoryController@noContent'); }
  view(): unknown { return notPorted('FactoryController@view'); }
  redirect(): unknown { return notPorted('FactoryController@redirect'); }
  redirectRoute(): unknown { return notPorted('FactoryController@redirectRoute'); }
  success(): unknown { return notPorted('FactoryController@success'); }
  created(): unknown { return notPorted('FactoryController@created'); }
  error(): unknown { return notPorted('FactoryController@error'); }
  validationError(): unknown { return notPorted('FactoryController@validationError'); }
  notFound(): unknown { return notPorted('FactoryController@notFound'); }
}

// routing: explode() throws an error whose message is 'probe failure'
export class FailController {
  explode(): unknown { return notPorted('FailController@explode'); }
}

// views: renders the view hello with { name: 'Views & <co>' } and returns the string
export class ViewController {
  render(): unknown { return notPorted('ViewController@render'); }
}

// §4.3: TraceA/B/C record mw:<Name>:before and mw:<Name>:after around the next layer; Block
// answers 403 "blocked"; WithClock (built by the container with a Clock) adds X-Clock: clock.
// Write them in YOUR FRAMEWORK's middleware shape (a class with handle(), a function, ...).
export class TraceA { handle(..._args: unknown[]): unknown { return notPorted('TraceA'); } }
export class TraceB { handle(..._args: unknown[]): unknown { return notPorted('TraceB'); } }
export class TraceC { handle(..._args: unknown[]): unknown { return notPorted('TraceC'); } }
export class Block { handle(..._args: unknown[]): unknown { return notPorted('Block'); } }
export class WithClock { handle(..._args: unknown[]): unknown { return notPorted('WithClock'); } }

// §4.4: StoreItemRequest (YOUR FRAMEWORK's FormRequest: name required, qty an optional integer;
// records validate:StoreItemRequest) and Item (its Model, the same fields; records bind:Item) come
// with EchoController@withForm and @withModel; the view `hello` renders <p>Hello, {name}!</p>.

type Class = new (...args: any[]) => object;

/**
 * The catalog under its protocol names, for adapter/framework.ts to register in YOUR FRAMEWORK's
 * container when it boots an application (a function, so that classes written below it count).
 */
export function catalogClasses(): { controllers: Record<string, Class>; middleware: Record<string, Class>; services: Record<string, Class> } {
  return {
    controllers: {
      EchoController, InjectedController, PhotoController, PlainController, ReturnController, HelperController,
      FactoryController, FailController, ViewController,
    },
    middleware: { TraceA, TraceB, TraceC, Block, WithClock },
    services: { Clock, Calendar },
  };
}

/** The catalog's closures (§2.3 handlers): route parameters arrive by position. Framework-neutral. */
export function catalogClosure(h: Exclude<Handler, { controller: string }>): (...args: any[]) => unknown {
  switch (h.closure) {
    case 'args':
      return (...args: unknown[]) => {
        record('closure:args');
        return { closure: 'args', args: args.map((a) => typed(a)) };
      };
    case 'named':
      // Names no URI uses: the values can only arrive by position (the spec's closure rule).
      return (alpha: unknown, beta: unknown) => {
        record('closure:named');
        return { closure: 'named', args: [typed(alpha), typed(beta)] };
      };
    case 'text':
      return () => {
        record('closure:text');
        return h.value;
      };
    case 'json':
      return () => {
        record('closure:json');
        return structuredClone(h.value);
      };
  }
}
