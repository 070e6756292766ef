import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { token } from '../../src/container/token';
import { Model } from '../../src/database/Model';
import { Application } from '../../src/foundation/Application';
import { ExceptionHandler } from '../../src/foundation/ExceptionHandler';
import { silentLogger } from '../../src/foundation/Logger';
import { ServiceProvider } from '../../src/foundation/ServiceProvider';
import { Controller } from '../../src/http/Controller';
import { JsonResponse } from '../../src/http/JsonResponse';
import type { Next } from '../../src/http/Middleware';
import { defineActions, param } from '../../src/http/parameters';
import { Request } from '../../src/http/Request';
import type { Response } from '../../src/http/Response';
import { RouteRegistrationError } from '../../src/routing/RouteRegistrationError';
import { FormRequest } from '../../src/validation/FormRequest';
import { makeApp, recordingLogger, send } from '../helpers';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'app');

class Greeter {
  greet(name: string) {
    return `Hello, ${name}`;
  }
}

class GreetController extends Controller {
  static inject = [Greeter] as const;
  constructor(private readonly greeter: Greeter) {
    super();
  }
  static actions = defineActions<GreetController>({ hello: [param.string('name')], page: [param.string('name')] });
  hello(name: string) {
    return this.greeter.greet(name);
  }
  page(name: string) {
    return this.view('greeting', { name });
  }
}

/** A probe that records what it sees into request attributes. */
class Probe {
  static inject = [Request] as const;
  constructor(private readonly current: Request) {}
  async handle(request: Request, next: Next) {
    const seen = (request.attributes.get('seen') as string[] | undefined) ?? [];
    seen.push(`probe same-request=${this.current === request}`);
    request.attributes.set('seen', seen);
    return next(request);
  }
}

describe('Application bootstrap', () => {
  it('loads routes/web from basePath by default', async () => {
    const app = new Application({ basePath: FIXTURE, logger: silentLogger });
    app.boot();
    assert.equal((await send(app, 'GET', '/')).text, 'fixture home');
    assert.equal((await send(app, 'GET', '/extra')).status, 404, 'only routes/web is loaded by default');
  });

  it('loads further route files queued in the bootstrap sequence, by path or function', async () => {
    const app = new Application({ basePath: FIXTURE, logger: silentLogger });
    app.loadRoutes('routes/extra');
    app.loadRoutes((router) => router.get('/inline', () => 'inline'));
    app.boot();
    assert.equal((await send(app, 'GET', '/extra')).text, 'fixture extra');
    assert.equal((await send(app, 'GET', '/inline')).text, 'inline');
  });

  it('takes routes/web as a function', async () => {
    const app = makeApp((router) => router.get('/fn', () => 'fn'));
    assert.equal((await send(app, 'GET', '/fn')).text, 'fn');
  });

  it('runs provider register() at once and boot() after the route files; boot may load routes', async () => {
    const order: string[] = [];
    class AppProvider extends ServiceProvider {
      override register() {
        order.push('register');
        this.app.middleware('Probe', Probe);
      }
      override boot() {
        order.push('boot');
        this.app.loadRoutes((router) => router.get('/from-provider', () => 'provided').middleware('Probe'));
      }
    }
    const app = makeApp((router) => {
      order.push('web');
      router.get('/web', () => 'web').middleware('Probe');
    });
    app.register(AppProvider);
    assert.deepEqual(order, ['register']);
    app.boot();
    assert.deepEqual(order, ['register', 'web', 'boot']);
    assert.equal((await send(app, 'GET', '/from-provider')).text, 'provided');
  });

  it('a provider registered after boot is booted immediately', () => {
    const app = makeApp(() => undefined).boot();
    let booted = false;
    app.register(
      new (class extends ServiceProvider {
        override boot() {
          booted = true;
        }
      })(app),
    );
    assert.ok(booted);
  });

  it('registration errors are thrown from boot() and the app then answers 500', async () => {
    const logger = recordingLogger();
    const app = new Application({ logger, web: (router) => router.get('/bad/{x', () => 1) });
    assert.throws(() => app.boot(), RouteRegistrationError);
    assert.throws(() => app.boot(), RouteRegistrationError, 'boot keeps failing');
    const sent = await send(app, 'GET', '/');
    assert.equal(sent.status, 500);
    assert.deepEqual(sent.json, { message: 'Server Error' });
    assert.ok(logger.lines.some((l) => l.includes('Cannot register route [GET /bad/{x]')));
  });

  it('handle() boots lazily', async () => {
    const app = makeApp((router) => router.get('/lazy', () => 'ok'));
    assert.equal(app.isBooted, false);
    assert.equal((await send(app, 'GET', '/lazy')).text, 'ok');
    assert.equal(app.isBooted, true);
  });
});

describe('Application registration by name', () => {
  it('controllers, middleware, services, views, form requests and models', async () => {
    class NameForm extends FormRequest {
      rules() {
        return { name: 'required' };
      }
    }
    class Tag extends Model {
      static override rules = { label: 'required' };
    }
    class NamedController {
      static actions = defineActions<NamedController>({
        form: [param.of('form', 'NameForm')],
        tag: [param.of('tag', 'Tag')],
        svc: [param.of('greeter', 'greeter')],
      });
      form(form: FormRequest) {
        return form.validated();
      }
      tag(tag: Model) {
        return tag;
      }
      svc(greeter: unknown) {
        return (greeter as Greeter).greet('svc');
      }
    }
    const Motto = token<string>('motto');
    const app = makeApp((router) => {
      router.get('/hello/{name}', ['Greet', 'hello']).middleware('Probe');
      router.get('/page/{name}', 'Greet@page');
      router.post('/form', ['Named', 'form']);
      router.post('/tag', ['Named', 'tag']);
      router.get('/svc', ['Named', 'svc']);
      router.get('/motto', () => app.make(Motto));
    });
    app
      .controller('Greet', GreetController)
      .controller('Named', NamedController)
      .middleware('Probe', Probe)
      .singleton(Greeter)
      .alias('greeter', Greeter)
      .instance(Motto, 'carpe diem')
      .formRequest('NameForm', NameForm)
      .model('Tag', Tag)
      .view('greeting', (data) => `<h1>Hi ${String(data['name'])}</h1>`);

    const hello = await send(app, 'GET', '/hello/Ada');
    assert.equal(hello.text, 'Hello, Ada');
    assert.deepEqual(hello.response && (await send(app, 'GET', '/page/Bob')).text, '<h1>Hi Bob</h1>');
    assert.deepEqual((await send(app, 'POST', '/form', { body: { name: 'x' } })).json, { name: 'x' });
    assert.equal((await send(app, 'POST', '/form', { body: {} })).status, 422);
    assert.deepEqual((await send(app, 'POST', '/tag', { body: { label: 'l' } })).json, { label: 'l' });
    assert.equal((await send(app, 'GET', '/svc')).text, 'Hello, svc');
    assert.equal((await send(app, 'GET', '/motto')).text, 'carpe diem');
  });
});

describe('Application.handle', () => {
  it('never throws: an exception in an action is a 500 with a safe body, logged', async () => {
    const logger = recordingLogger();
    const app = new Application({
      logger,
      web: (router) =>
        router.get('/boom', () => {
          throw new Error('secret database password leaked');
        }),
    });
    const sent = await send(app, 'GET', '/boom');
    assert.equal(sent.status, 500);
    assert.equal(sent.text, '{"message":"Server Error"}');
    assert.equal(sent.headers['content-type'], 'application/json');
    assert.ok(!sent.text.includes('secret'));
    assert.ok(logger.lines.some((l) => l.includes('secret database password leaked')), 'the details go to the log');
  });

  it('an exception in middleware is a 500 too', async () => {
    const app = makeApp((router) => router.get('/m', () => 'x').middleware('Explode'));
    app.middleware(
      'Explode',
      class {
        handle(): never {
          throw new TypeError('nope');
        }
      },
    );
    assert.equal((await send(app, 'GET', '/m')).status, 500);
  });

  it('an unknown view is a 500', async () => {
    const app2 = makeApp((router) => router.get('/v/{name}', 'Greet@page'));
    app2.controller('Greet', GreetController);
    assert.equal((await send(app2, 'GET', '/v/x')).status, 500);
  });

  it('opens a request scope in which the current Request resolves', async () => {
    let resolved: unknown;
    const app = makeApp((router) => router.get('/scope', () => 'ok').middleware('Probe'));
    app.middleware('Probe', Probe);
    app.events.on('route.matched', (request) => {
      resolved = request;
    });
    const request = Request.create('GET', '/scope');
    await app.handle(request);
    assert.equal(resolved, request);
    assert.deepEqual(request.attributes.get('seen'), ['probe same-request=true']);
    assert.throws(() => app.make(Request), /no current request/);
  });

  it('request.received hands over the request scope for per-request bindings', async () => {
    class Trace {
      static inject = ['trace'] as const;
      constructor(readonly tokens: string[]) {}
    }
    class Recorder {
      static inject = [Trace] as const;
      constructor(private readonly trace: Trace) {
        trace.tokens.push('ctor:Recorder');
      }
      handle(request: Request, next: Next) {
        this.trace.tokens.push('mw:Recorder');
        return next(request);
      }
    }
    const traces = new Map<Request, string[]>();
    const app = makeApp((router) => router.get('/r', () => 'r').middleware('Recorder'));
    app.middleware('Recorder', Recorder);
    app.events.on('request.received', (request, scope) => {
      const tokens: string[] = [];
      traces.set(request, tokens);
      scope.instance('trace', tokens);
    });
    const request = Request.create('GET', '/r');
    await app.handle(request);
    assert.deepEqual(traces.get(request), ['ctor:Recorder', 'mw:Recorder']);
  });

  it('scoped services live for one request', async () => {
    class Trace {
      readonly steps: string[] = [];
    }
    class Step {
      static inject = [Trace] as const;
      constructor(private readonly trace: Trace) {}
      handle(request: Request, next: Next) {
        this.trace.steps.push('middleware');
        request.attributes.set('trace', this.trace);
        return next(request);
      }
    }
    class TraceController {
      static actions = defineActions<TraceController>({ show: [param.of('trace', Trace)] });
      show(trace: Trace) {
        trace.steps.push('action');
        return trace.steps;
      }
    }
    const app = makeApp((router) => router.get('/t', [TraceController, 'show']).middleware('Step'));
    app.scoped(Trace).middleware('Step', Step);
    assert.deepEqual((await send(app, 'GET', '/t')).json, ['middleware', 'action']);
    assert.deepEqual((await send(app, 'GET', '/t')).json, ['middleware', 'action'], 'a fresh Trace per request');
  });

  it('emits request events in order and survives a throwing listener', async () => {
    const events: string[] = [];
    const app = makeApp((router) => router.get('/e/{id}', (id) => id));
    app.events.on('request.received', (r) => events.push(`received ${r.path}`));
    app.events.on('route.matched', (_r, route) => events.push(`matched ${route.uri}`));
    app.events.on('response.ready', (_r, response) => events.push(`ready ${response.status}`));
    app.events.on('response.ready', () => {
      throw new Error('listener bug');
    });
    const off = app.events.on('request.failed', () => events.push('failed'));
    assert.equal((await send(app, 'GET', '/e/1')).status, 200);
    assert.deepEqual(events, ['received /e/1', 'matched /e/{id}', 'ready 200']);
    off();
  });

  it('the ExceptionHandler can be replaced through the container', async () => {
    class TeapotHandler extends ExceptionHandler {
      override render(): Response {
        return new JsonResponse({ message: 'teapot' }, 418);
      }
    }
    const app = makeApp((router) =>
      router.get('/x', () => {
        throw new Error('x');
      }),
    );
    app.singleton(ExceptionHandler, () => new TeapotHandler(silentLogger));
    assert.equal((await send(app, 'GET', '/x')).status, 418);
  });

  it('HEAD keeps GET headers, drops the body and reports its length', async () => {
    const app = makeApp((router) => router.get('/h', () => ({ hello: 'world' })));
    const head = await send(app, 'HEAD', '/h');
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
    assert.equal(head.headers['content-type'], 'application/json');
    assert.equal(head.headers['content-length'], String('{"hello":"world"}'.length));
  });

  it('414 for request targets over the limit', async () => {
    const app = makeApp((router) => router.get('/x', () => 'x'));
    const sent = await send(app, 'GET', `/x?${'a'.repeat(8200)}`);
    assert.equal(sent.status, 414);
    assert.deepEqual(sent.json, { message: 'URI Too Long' });
    assert.equal((await send(app, 'GET', `/x?${'a'.repeat(8189)}`)).status, 200, 'exactly 8192 bytes is accepted');
  });
});
