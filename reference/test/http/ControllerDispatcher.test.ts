import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Container } from '../../src/container/Container';
import { Model, type ModelClass } from '../../src/database/Model';
import { buildArgument } from '../../src/http/buildArgument';
import { ControllerDispatcher } from '../../src/http/ControllerDispatcher';
import { closure, defineActions, param } from '../../src/http/parameters';
import { Request } from '../../src/http/Request';
import type { RouteAction } from '../../src/routing/RouteAction';
import { Router } from '../../src/routing/Router';
import { FormRequest } from '../../src/validation/FormRequest';
import { ValidationError } from '../../src/validation/ValidationError';

class Clock {
  now() {
    return 1234;
  }
}
class Repo {
  static created = 0;
  constructor() {
    Repo.created++;
  }
}
class SaveForm extends FormRequest {
  rules() {
    return { title: 'required|string' };
  }
}
class Article extends Model {
  static override rules = { title: 'required|string', views: 'integer' };
}

class ArticleController {
  static inject = [Clock] as const;
  constructor(readonly clock: Clock) {}

  static actions = defineActions<ArticleController>({
    show: [param.int('id'), param.of('request', Request)],
    reversed: [param.of('repo', Repo), param.string('slug'), param.int('id')],
    flags: [param.bool('on'), param.float('ratio'), param.any('raw')],
    optional: [param.int('page', 1)],
    save: [param.of('form', SaveForm)],
    bind: [param.of('article', Article)],
    typed: [param.of('id', Clock)],
  });

  show(id: number, request: Request) {
    return { id, type: typeof id, path: request.path, now: this.clock.now() };
  }
  reversed(repo: Repo, slug: string, id: number) {
    return { repo: repo instanceof Repo, slug, id };
  }
  flags(on: boolean, ratio: number, raw: string) {
    return { on, ratio, raw };
  }
  optional(page: number) {
    return { page };
  }
  save(form: SaveForm) {
    return form.validated();
  }
  bind(article: Article) {
    return article;
  }
  typed(id: Clock) {
    return { clock: id instanceof Clock };
  }
  positional(a: string, b: string) {
    return [a, b];
  }
}

async function run(method: string, uri: string, path: string, action: RouteAction, init: Parameters<typeof Request.create>[2] = {}) {
  const router = new Router(new Container());
  router.addRoute(method as 'GET', uri, action);
  const response = await router.dispatch(Request.create(method, path, init));
  return { status: response.status, body: JSON.parse(response.text() || 'null') as unknown };
}

describe('ControllerDispatcher', () => {
  it('builds the controller with constructor injection and casts int route values', async () => {
    const { body } = await run('GET', '/a/{id}', '/a/42', [ArticleController, 'show']);
    assert.deepEqual(body, { id: 42, type: 'number', path: '/a/42', now: 1234 });
  });

  it('resolves by name and type, regardless of position', async () => {
    const { body } = await run('GET', '/r/{id}/{slug}', '/r/7/hello', [ArticleController, 'reversed']);
    assert.deepEqual(body, { repo: true, slug: 'hello', id: 7 });
  });

  it('casts bool and float, passes untyped values as strings', async () => {
    const { body } = await run('GET', '/f/{on}/{ratio}/{raw}', '/f/yes/1e3/%2F', [ArticleController, 'flags']);
    assert.deepEqual(body, { on: true, ratio: 1000, raw: '/' });
  });

  it('a cast failure is a 400 naming the parameter', async () => {
    const { status, body } = await run('GET', '/a/{id}', '/a/abc', [ArticleController, 'show']);
    assert.equal(status, 400);
    assert.deepEqual(body, { message: 'Route parameter "id" must be int' });
  });

  it('uses the default when the URI does not provide the parameter, or provides ""', async () => {
    assert.deepEqual((await run('GET', '/o', '/o', [ArticleController, 'optional'])).body, { page: 1 });
    assert.deepEqual((await run('GET', '/o/{page:[0-9]*}', '/o/', [ArticleController, 'optional'])).body, { page: 1 });
    assert.deepEqual((await run('GET', '/o/{page:[0-9]*}', '/o/5', [ArticleController, 'optional'])).body, { page: 5 });
  });

  it('FormRequest parameters are validated before the action', async () => {
    const ok = await run('POST', '/s', '/s', [ArticleController, 'save'], { body: { title: 'Hi', extra: 1 } });
    assert.deepEqual(ok.body, { title: 'Hi' });
    const bad = await run('POST', '/s', '/s', [ArticleController, 'save'], { body: { title: 5 } });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body, { message: 'The given data was invalid.', errors: { title: ['The title field must be a string.'] } });
  });

  it('Model parameters are hydrated with validateAndBind()', async () => {
    const ok = await run('POST', '/m', '/m?views=3', [ArticleController, 'bind'], { body: { title: 'T', ignored: true } });
    assert.deepEqual(ok.body, { title: 'T', views: '3' });
    const bad = await run('POST', '/m', '/m', [ArticleController, 'bind'], { body: {} });
    assert.equal(bad.status, 422);
  });

  it('class-typed parameters named like a route parameter are resolved by type', async () => {
    assert.deepEqual((await run('GET', '/t/{id}', '/t/9', [ArticleController, 'typed'])).body, { clock: true });
  });

  it('actions without a declaration receive the route parameters by position', async () => {
    assert.deepEqual((await run('GET', '/p/{x}/{y}', '/p/1/2', [ArticleController, 'positional'])).body, ['1', '2']);
  });

  it('declared closures get the same resolution', async () => {
    const action = closure([param.int('n'), param.of('request', Request)], (n, request) => ({ n: n + 1, m: request.method }));
    assert.deepEqual((await run('GET', '/c/{n}', '/c/1', action)).body, { n: 2, m: 'GET' });
  });

  it('resolveParameters can be used on its own', async () => {
    const request = Request.create('GET', '/x');
    request.params = { id: '5' };
    const values = await new ControllerDispatcher().resolveParameters([param.int('id'), param.of('r', Request)], request, new Container());
    assert.deepEqual(values, [5, request]);
  });

  it('validation failures surface as ValidationError', async () => {
    const request = Request.create('POST', '/x', { body: {} });
    const container = new Container().scope();
    container.instance(Request, request);
    await assert.rejects(() => new ControllerDispatcher().resolveParameters([param.of('f', SaveForm)], request, container), ValidationError);
  });

  it('a class with a buildArgument hook builds the argument itself, from the request', async () => {
    // The hook FormRequest and Model use, open to any class: the dispatcher knows neither.
    class Locale {
      constructor(readonly tag: string) {}
      static [buildArgument](request: Request, container: Container, key: unknown) {
        return new Locale(`${request.header('accept-language')} (${key === Locale} ${container instanceof Container})`);
      }
    }
    const request = Request.create('GET', '/x', { headers: { 'accept-language': 'fr' } });
    const values = await new ControllerDispatcher().resolveParameters([param.of('locale', Locale)], request, new Container());
    assert.deepEqual(values, [new Locale('fr (true true)')]);
  });

  it('a subclass that overrides validateAndBind is bound by its own', async () => {
    class Tagged extends Model {
      static override rules = { title: 'string' };
      static override validateAndBind<M extends Model>(this: ModelClass<M>, request: Request): M {
        return new this({ title: `own ${String(request.input('title'))}` });
      }
    }
    const request = Request.create('GET', '/x?title=t');
    const [model] = await new ControllerDispatcher().resolveParameters([param.of('m', Tagged)], request, new Container());
    assert.deepEqual((model as Tagged).toJSON(), { title: 'own t' });
  });

  it('other services come from the container each time', async () => {
    const before = Repo.created;
    await run('GET', '/r/{id}/{slug}', '/r/1/a', [ArticleController, 'reversed']);
    assert.equal(Repo.created, before + 1);
  });
});
