/**
 * Decisions 1–18, 28, 53 and 54 of docs/decisions.md (of 55), each end to end through
 * Application.handle and named by its number there. The other decisions have no test here: the
 * unit suites of their namespace (reference/test/<namespace>/) and the reference-level scenarios
 * of features/ cover them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Model } from '../src/database/Model';
import { Application } from '../src/foundation/Application';
import { Controller } from '../src/http/Controller';
import { defineActions, param } from '../src/http/parameters';
import { Request } from '../src/http/Request';
import { RouteRegistrationError } from '../src/routing/RouteRegistrationError';
import { UrlGenerationError } from '../src/routing/UrlGenerationError';
import { FormRequest } from '../src/validation/FormRequest';
import { formBody, jsonBody, makeApp, recordingLogger, send } from './helpers';

class Clock {
  now() {
    return 'now';
  }
}
class SignupRequest extends FormRequest {
  rules() {
    return { email: 'required|email' };
  }
}
class Note extends Model {
  static override rules = { body: 'required|string' };
}

class DemoController extends Controller {
  static actions = defineActions<DemoController>({
    flag: [param.bool('value')],
    number: [param.int('value')],
    real: [param.float('value')],
    signup: [param.of('form', SignupRequest)],
    note: [param.of('note', Note)],
    typed: [param.of('id', Clock)],
    page: [param.int('page', 1)],
    missingView: [],
    factory: [],
  });
  flag(value: boolean) {
    return { value };
  }
  number(value: number) {
    return { value };
  }
  real(value: number) {
    return { value, negativeZero: Object.is(value, -0) };
  }
  signup(form: SignupRequest) {
    return form.validated();
  }
  note(note: Note) {
    return note;
  }
  typed(id: Clock) {
    return id.now();
  }
  page(page: number) {
    return { page };
  }
  missingView() {
    return this.view('nope');
  }
  factory() {
    return this.response().created({ id: 1 });
  }
}

function app(extra: (router: Application['router']) => void = () => undefined, logger = recordingLogger()): Application {
  return makeApp(
    (router) => {
      router.get('/flag/{value}', [DemoController, 'flag']);
      router.get('/number/{value}', [DemoController, 'number']);
      router.get('/real/{value}', [DemoController, 'real']);
      router.post('/signup', [DemoController, 'signup']);
      router.post('/notes', [DemoController, 'note']);
      router.get('/typed/{id}', [DemoController, 'typed']);
      router.get('/pages/{page:[0-9]*}', [DemoController, 'page']);
      router.get('/missing-view', [DemoController, 'missingView']);
      router.get('/factory', [DemoController, 'factory']);
      router.get('/items/{id}', (id) => `item ${id}`).name('items.show');
      router.put('/items/{id}', (id) => `put ${id}`);
      router.delete('/items/{id}', (id) => `delete ${id}`);
      router.post('/items', () => 'created');
      router.get('/users', () => 'users');
      extra(router);
    },
    { logger },
  );
}

describe('decisions', () => {
  it('1. 404 and 405 bodies are JSON', async () => {
    const a = app();
    const nf = await send(a, 'GET', '/nowhere');
    assert.deepEqual([nf.status, nf.headers['content-type'], nf.text], [404, 'application/json', '{"message":"Not Found"}']);
    const na = await send(a, 'POST', '/items/1');
    assert.deepEqual([na.status, na.headers['content-type'], na.text], [405, 'application/json', '{"message":"Method Not Allowed"}']);
  });

  it('2. Allow lists each registered method once, RFC order, HEAD iff GET', async () => {
    const a = app();
    assert.equal((await send(a, 'PATCH', '/items/1')).headers['allow'], 'GET, HEAD, PUT, DELETE');
    assert.equal((await send(a, 'GET', '/items')).headers['allow'], 'POST');
  });

  it('3. HEAD is answered by GET routes without a body; other methods 405 or 404', async () => {
    const a = app();
    const head = await send(a, 'HEAD', '/items/5');
    assert.deepEqual([head.status, head.text, head.headers['content-type'], head.headers['content-length']], [200, '', 'text/html; charset=UTF-8', '6']);
    assert.equal((await send(a, 'OPTIONS', '/items/5')).status, 405);
    assert.equal((await send(a, 'CONNECT', '/items/5')).headers['allow'], 'GET, HEAD, PUT, DELETE');
    assert.equal((await send(a, 'OPTIONS', '/nowhere')).status, 404);
    assert.equal((await send(a, 'HEAD', '/signup')).status, 405);
  });

  it('4. bool, int and float casting', async () => {
    const a = app();
    assert.deepEqual((await send(a, 'GET', '/flag/YES')).json, { value: true });
    assert.deepEqual((await send(a, 'GET', '/flag/Off')).json, { value: false });
    const badBool = await send(a, 'GET', '/flag/perhaps');
    assert.deepEqual([badBool.status, badBool.json], [400, { message: 'Route parameter "value" must be bool' }]);
    assert.deepEqual((await send(a, 'GET', '/number/-12')).json, { value: -12 });
    assert.deepEqual((await send(a, 'GET', '/number/9007199254740992')).json, { message: 'Route parameter "value" must be int' });
    assert.deepEqual((await send(a, 'GET', '/real/1e3')).json, { value: 1000, negativeZero: false });
    assert.deepEqual((await send(a, 'GET', '/real/.5')).json, { value: 0.5, negativeZero: false });
    assert.deepEqual((await send(a, 'GET', '/real/-0')).json, { value: 0, negativeZero: true });
    assert.deepEqual((await send(a, 'GET', '/real/x')).json, { message: 'Route parameter "value" must be float' });
  });

  it('5. failed FormRequest validation and Model binding are 422 and the action does not run', async () => {
    const a = app();
    const bad = await send(a, 'POST', '/signup', jsonBody({ email: 'nope' }));
    assert.deepEqual([bad.status, bad.json], [422, { message: 'The given data was invalid.', errors: { email: ['The email field must be a valid email address.'] } }]);
    assert.deepEqual((await send(a, 'POST', '/signup', formBody('email=a%40b.co'))).json, { email: 'a@b.co' });
    const badNote = await send(a, 'POST', '/notes', jsonBody({}));
    assert.deepEqual([badNote.status, badNote.json], [422, { message: 'The given data was invalid.', errors: { body: ['The body field is required.'] } }]);
    assert.deepEqual((await send(a, 'POST', '/notes?body=from-query')).json, { body: 'from-query' });
  });

  it('6. a missing controller method fails at registration, naming the route', () => {
    const a = makeApp((router) => router.get('/x', [DemoController, 'absent' as 'flag']));
    assert.throws(() => a.boot(), (e: unknown) => e instanceof RouteRegistrationError && /\[GET \/x\].*has no method \[absent\]/.test(e.message));
  });

  it('7. URL generation', () => {
    const a = app().boot();
    assert.equal(a.url.route('items.show', { id: 'a/b', q: 'x y', n: null, e: '', t: true }), '/items/a%2Fb?q=x%20y&e=&t=1');
    assert.throws(() => a.url.route('nope'), (e: unknown) => e instanceof UrlGenerationError && e.message === 'Route [nope] not defined.');
    assert.throws(() => a.url.route('items.show'), { message: 'Missing required parameter [id] for route [items.show].' });
    assert.throws(() => a.url.route('items.show', { id: '' }), UrlGenerationError);
  });

  it('8. parameters are decoded once after matching on the raw path; malformed → 400', async () => {
    const a = app();
    assert.equal((await send(a, 'GET', '/items/a%2Fb')).text, 'item a/b');
    assert.equal((await send(a, 'GET', '/items/a%252Fb')).text, 'item a%2Fb');
    assert.deepEqual((await send(a, 'GET', '/items/%E2%28')).json, { message: 'Bad Request' });
  });

  it('9. trailing slash is significant; patterns are normalized', async () => {
    const a = app((router) => router.get('/norm/', () => 'normalized'));
    assert.equal((await send(a, 'GET', '/users/')).status, 404);
    assert.equal((await send(a, 'GET', '/norm')).text, 'normalized');
  });

  it('10. duplicate method + URI is a registration error; overlaps go to the first registered', async () => {
    assert.throws(() => makeApp((router) => {
      router.get('/d', () => 1);
      router.get('/d', () => 2);
    }).boot(), RouteRegistrationError);
    const a = app((router) => {
      router.get('/o/{any}', () => 'dynamic');
      router.get('/o/static', () => 'static');
    });
    assert.equal((await send(a, 'GET', '/o/static')).text, 'dynamic');
  });

  it('11. capture groups in constraints do not shift parameters; named groups are rejected', async () => {
    const a = app((router) => router.get('/c/{a:(x|y)+}/{b}', (x, y) => `${x}-${y}`));
    assert.equal((await send(a, 'GET', '/c/xy/z')).text, 'xy-z');
    assert.throws(() => makeApp((router) => router.get('/n/{a:(?<g>x)}', () => 1)).boot(), RouteRegistrationError);
  });

  it('12. group prefixes join with exactly one slash', async () => {
    const a = app((router) => router.group({ prefix: '/api/' }, (r) => r.group({ prefix: '//v1//' }, (v) => v.get('/ping/', () => 'pong'))));
    assert.equal((await send(a, 'GET', '/api/v1/ping')).text, 'pong');
  });

  it('13. a class-typed parameter named like a route parameter is resolved by type', async () => {
    assert.equal((await send(app(), 'GET', '/typed/7')).text, 'now');
  });

  it('14. scalar conversion: String(n), true → "1", false → "", null → empty 200', async () => {
    const a = app((router) => {
      router.get('/r/num', () => 2.5);
      router.get('/r/true', () => true);
      router.get('/r/false', () => false);
      router.get('/r/null', () => null);
      router.get('/r/list', () => [1, 2]);
    });
    assert.equal((await send(a, 'GET', '/r/num')).text, '2.5');
    assert.equal((await send(a, 'GET', '/r/true')).text, '1');
    assert.equal((await send(a, 'GET', '/r/false')).text, '');
    const empty = await send(a, 'GET', '/r/null');
    assert.deepEqual([empty.status, empty.text, empty.headers['content-type']], [200, '', 'text/html; charset=UTF-8']);
    assert.deepEqual((await send(a, 'GET', '/r/list')).json, [1, 2]);
  });

  it('15. the response factory (through the controller helper)', async () => {
    const created = await send(app(), 'GET', '/factory');
    assert.deepEqual([created.status, created.json], [201, { success: true, message: 'Created', data: { id: 1 } }]);
  });

  it('16. uncaught exceptions are a 500 without details, logged; 414 and 413 limits', async () => {
    const logger = recordingLogger();
    const a = app((router) => router.get('/crash', () => Promise.reject(new Error('stack me'))), logger);
    const crash = await send(a, 'GET', '/crash');
    assert.deepEqual([crash.status, crash.text], [500, '{"message":"Server Error"}']);
    assert.ok(logger.lines.some((l) => l.includes('stack me')));
    assert.equal((await send(a, 'GET', `/users?${'q'.repeat(8192)}`)).status, 414);
    assert.equal(a.bodyLimit, 1024 * 1024);
  });

  it('17. an empty captured value falls back to the parameter default', async () => {
    const a = app();
    assert.deepEqual((await send(a, 'GET', '/pages/')).json, { page: 1 });
    assert.deepEqual((await send(a, 'GET', '/pages/3')).json, { page: 3 });
  });

  it('18. an unknown view is a logged 500', async () => {
    const logger = recordingLogger();
    const sent = await send(app(undefined, logger), 'GET', '/missing-view');
    assert.equal(sent.status, 500);
    assert.ok(logger.lines.some((l) => l.includes('View [nope] not found')));
  });

  it('28. the current Request is injectable as a parameter and from the container', async () => {
    class Who {
      static inject = [Request] as const;
      constructor(readonly request: Request) {}
    }
    const a = app((router) => router.get('/who', () => a.container.scope().make(Who).request.path));
    // Outside handle() there is no current request, even for a child scope of the root.
    assert.equal((await send(a, 'GET', '/who')).status, 500);
  });

  it('53. a catastrophic constraint is matched in linear time; only oversized ones fail at boot', { timeout: 60_000 }, async () => {
    const a = app((router) => router.get('/r/{x:(a+)+b}', (x) => x));
    assert.equal((await send(a, 'GET', `/r/${'a'.repeat(2000)}!`)).status, 404);
    assert.equal((await send(a, 'GET', '/r/aab')).status, 200);
    const big = new Application({ web: (router) => router.get('/x/{n:(?:ab{1000}){1000}}', () => '') });
    assert.throws(() => big.boot(), (e: unknown) => e instanceof RouteRegistrationError && e.message.includes('[GET /x/{n:(?:ab{1000}){1000}}]'));
  });

  it('54. client input of any shape fails validation (422), never a 500', async () => {
    const a = app();
    const raw = (text: string) => ({ body: text, headers: { 'content-type': 'application/json' } });
    for (const [url, body] of [
      ['/signup', '{"email":{"toString":1}}'],
      ['/signup', `{"email":"a@${'.'.repeat(100_000)} "}`],
      ['/notes', '{"body":{"valueOf":1,"toString":1}}'],
      ['/notes', `{"body":${'['.repeat(50_000)}${']'.repeat(50_000)}}`],
      ['/notes', '{"__proto__":{"body":"smuggled"}}'],
    ] as const) {
      assert.equal((await send(a, 'POST', url, raw(body))).status, 422, `${url} ${body.slice(0, 40)}`);
    }
  });
});
