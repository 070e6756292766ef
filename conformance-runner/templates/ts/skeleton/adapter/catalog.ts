// adapter/catalog.ts: the probe catalog (protocol §4), written by `fw-conformance init` with every
// entry a stub. A stub answers 501 with `X-Fw-Error: not-ported` and names itself, so that
// `fw-conformance --check-adapter` lists exactly what is left to port, capability by capability,
// and a scenario that reaches a stub is reported as an adapter error, never as your framework's.
// Port an entry by replacing its `notPorted(...)` call with the behaviour §4 gives, on YOUR
// FRAMEWORK's own base classes (docs/writing-an-adapter.md).
import { Fw } from './framework';
import type { Handler } from './manifest';
import { record, typed } from './trace';

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

/** The adapter's own answer for an entry not ported yet: YOUR FRAMEWORK renders it as an HTTP error. */
class NotPorted extends Fw.HttpError {
  constructor(entry: string) {
    super(501, `not ported: ${entry}`, { 'X-Fw-Error': 'not-ported' });
  }

  toResponse(): unknown {
    return new Fw.JsonResponse({ error: { kind: 'not-ported', message: this.message } }, 501, { 'X-Fw-Error': 'not-ported' });
  }
}

function notPorted(entry: string): never {
  throw new NotPorted(entry);
}

/** §4.4: plain services the container builds without any binding. */
export class Clock {
  name(): string {
    return 'clock';
  }
}

// routing, injection, form-requests, models: each action records action:EchoController@<method> and returns its echo body (§4.2)
export class EchoController {
  none(): unknown { return notPorted('EchoController@none'); }
  untyped(): unknown { return notPorted('EchoController@untyped'); }
  string(): unknown { return notPorted('EchoController@string'); }
  int(): unknown { return notPorted('EchoController@int'); }
  float(): unknown { return notPorted('EchoController@float'); }
  bool(): unknown { return notPorted('EchoController@bool'); }
  pair(): unknown { return notPorted('EchoController@pair'); }
  mixed(): unknown { return notPorted('EchoController@mixed'); }
  withRequest(): unknown { return notPorted('EchoController@withRequest'); }
  requestLast(): unknown { return notPorted('EchoController@requestLast'); }
  requestNamed(): unknown { return notPorted('EchoController@requestNamed'); }
  withService(): unknown { return notPorted('EchoController@withService'); }
  withDefault(): unknown { return notPorted('EchoController@withDefault'); }
  withForm(): unknown { return notPorted('EchoController@withForm'); }
  withModel(): unknown { return notPorted('EchoController@withModel'); }
  withCalendar(): unknown { return notPorted('EchoController@withCalendar'); }
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
function stubMiddleware(name: string) {
  return class {
    handle(): unknown {
      return notPorted(name);
    }
  };
}
export const TraceA = stubMiddleware('TraceA');
export const TraceB = stubMiddleware('TraceB');
export const TraceC = stubMiddleware('TraceC');
export const Block = stubMiddleware('Block');
export const WithClock = stubMiddleware('WithClock');

/** Registers the catalog under its protocol names (YOUR FRAMEWORK's container). */
export function registerCatalog(app: any): void {

  app.controller('EchoController', EchoController);
  app.controller('InjectedController', InjectedController);
  app.controller('PhotoController', PhotoController);
  app.controller('PlainController', PlainController);
  app.controller('ReturnController', ReturnController);
  app.controller('HelperController', HelperController);
  app.controller('FactoryController', FactoryController);
  app.controller('FailController', FailController);
  app.controller('ViewController', ViewController);
  app.middleware('TraceA', TraceA);
  app.middleware('TraceB', TraceB);
  app.middleware('TraceC', TraceC);
  app.middleware('Block', Block);
  app.middleware('WithClock', WithClock);
  app.bind('Clock', Clock);
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
