import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Container } from '../../src/container/Container';
import { Controller } from '../../src/http/Controller';
import type { Next } from '../../src/http/Middleware';
import { defineActions, param } from '../../src/http/parameters';
import { Request } from '../../src/http/Request';
import { RouteRegistrationError } from '../../src/routing/RouteRegistrationError';
import { Router } from '../../src/routing/Router';

class PhotoController extends Controller {
  index() {
    return 'index';
  }
  create() {
    return 'create';
  }
  store() {
    return 'store';
  }
  show(id: string) {
    return `show ${id}`;
  }
  edit(id: string) {
    return `edit ${id}`;
  }
  update(id: string) {
    return `update ${id}`;
  }
  destroy(id: string) {
    return `destroy ${id}`;
  }
}

function trace(label: string) {
  return class {
    handle(request: Request, next: Next) {
      (request.attributes.get('trace') as string[]).push(label);
      return next(request);
    }
  };
}

async function call(router: Router, method: string, url: string) {
  const request = Request.create(method, url);
  request.attributes.set('trace', []);
  const response = await router.dispatch(request);
  return { response, text: response.text(), trace: request.attributes.get('trace') as string[], request };
}

function registrationError(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof RouteRegistrationError, String(error));
    assert.match(error.message, pattern);
    return true;
  });
}

describe('Router registration', () => {
  it('each verb method registers its HTTP method and returns the Route', () => {
    const r = new Router();
    for (const verb of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const route = r[verb]('/thing', () => verb);
      assert.equal(route.method, verb.toUpperCase());
      assert.equal(route.uri, '/thing');
    }
    assert.equal(r.routes.size, 5);
  });

  it('middleware() and name() chain, and middleware() calls accumulate', () => {
    const c = new Container();
    c.bind('A', trace('A')).bind('B', trace('B')).bind('C', trace('C'));
    const r = new Router(c);
    const route = r.get('/x', () => 'x').middleware('A').middleware(['B', 'C']).name('x');
    assert.deepEqual(route.getMiddleware(), ['A', 'B', 'C']);
    assert.equal(route.getName(), 'x');
    assert.equal(r.routes.getByName('x'), route);
  });

  it('groups prefix URIs, nest, and accumulate middleware outer → inner → route', async () => {
    const c = new Container();
    for (const name of ['Outer', 'Inner', 'Own']) c.bind(name, trace(name));
    const r = new Router(c);
    r.group({ prefix: '/admin/', middleware: ['Outer'] }, (router) => {
      router.group({ prefix: 'users', middleware: 'Inner' }, (inner) => {
        inner.get('/{id}/', (id) => `user ${id}`).middleware('Own');
      });
      router.get('dashboard', () => 'dash');
    });
    r.get('/after', () => 'after');
    const user = r.routes.all()[0];
    assert.equal(user?.uri, '/admin/users/{id}');
    assert.deepEqual(user?.getMiddleware(), ['Outer', 'Inner', 'Own']);
    assert.equal(r.routes.all()[1]?.uri, '/admin/dashboard');
    assert.deepEqual(r.routes.all()[1]?.getMiddleware(), ['Outer']);
    assert.deepEqual(r.routes.all()[2]?.getMiddleware(), [], 'nothing leaks after the group');
    const result = await call(r, 'GET', '/admin/users/7');
    assert.equal(result.text, 'user 7');
    assert.deepEqual(result.trace, ['Outer', 'Inner', 'Own']);
  });

  it('an empty prefix adds nothing', () => {
    const r = new Router();
    r.group({ prefix: '' }, (g) => g.get('/a', () => 'a'));
    r.group({}, (g) => g.get('b', () => 'b'));
    assert.deepEqual(
      r.routes.all().map((x) => x.uri),
      ['/a', '/b'],
    );
  });

  it('a group that throws still ends', () => {
    const r = new Router();
    assert.throws(() =>
      r.group({ prefix: 'broken' }, () => {
        throw new Error('boom');
      }),
    );
    assert.equal(r.get('/fine', () => 'ok').uri, '/fine');
  });

  it('resource() registers the seven routes, names and order of the spec table', () => {
    const r = new Router();
    const routes = r.resource('photos', PhotoController);
    assert.deepEqual(
      routes.map((x) => [x.method, x.uri, x.getName()]),
      [
        ['GET', '/photos', 'photos.index'],
        ['GET', '/photos/create', 'photos.create'],
        ['POST', '/photos', 'photos.store'],
        ['GET', '/photos/{id}', 'photos.show'],
        ['GET', '/photos/{id}/edit', 'photos.edit'],
        ['PUT', '/photos/{id}', 'photos.update'],
        ['DELETE', '/photos/{id}', 'photos.destroy'],
      ],
    );
  });

  it('resource routes dispatch to their actions; /name/create reaches create', async () => {
    const r = new Router();
    r.resource('photos', PhotoController);
    assert.equal((await call(r, 'GET', '/photos')).text, 'index');
    assert.equal((await call(r, 'GET', '/photos/create')).text, 'create');
    assert.equal((await call(r, 'POST', '/photos')).text, 'store');
    assert.equal((await call(r, 'GET', '/photos/3')).text, 'show 3');
    assert.equal((await call(r, 'GET', '/photos/3/edit')).text, 'edit 3');
    assert.equal((await call(r, 'PUT', '/photos/3')).text, 'update 3');
    assert.equal((await call(r, 'DELETE', '/photos/3')).text, 'destroy 3');
  });

  it('resources inside a group take the prefix and middleware', () => {
    const c = new Container();
    c.bind('Auth', trace('Auth'));
    const r = new Router(c);
    r.group({ prefix: 'api', middleware: 'Auth' }, (g) => g.resource('photos', PhotoController));
    assert.equal(r.routes.getByName('photos.show')?.uri, '/api/photos/{id}');
    assert.deepEqual(r.routes.getByName('photos.show')?.getMiddleware(), ['Auth']);
  });

  it('accepts controllers by class, by [name, method] and by "Name@method"', async () => {
    const c = new Container();
    c.bind('Photos', PhotoController);
    const r = new Router(c);
    r.get('/a', [PhotoController, 'index']);
    r.get('/b', ['Photos', 'create']);
    r.get('/c', 'Photos@store');
    assert.equal((await call(r, 'GET', '/a')).text, 'index');
    assert.equal((await call(r, 'GET', '/b')).text, 'create');
    assert.equal((await call(r, 'GET', '/c')).text, 'store');
  });

  describe('rejects bad definitions at registration, naming the route', () => {
    it('unbalanced braces', () => registrationError(() => new Router().get('/users/{id', () => 1), /\[GET \/users\/\{id\]: unbalanced braces/));
    it('duplicate parameter names', () =>
      registrationError(() => new Router().post('/a/{x}/{x}', () => 1), /\[POST \/a\/\{x\}\/\{x\}\]: duplicate parameter name "x"/));
    it('invalid regex', () => registrationError(() => new Router().put('/a/{x:(}', () => 1), /\[PUT \/a\/\{x:\(\}\]: invalid regex/));
    it('named groups in a constraint', () => registrationError(() => new Router().get('/a/{x:(?<n>\\d)}', () => 1), /\[GET .*named groups/));
    it('unknown middleware', () => registrationError(() => new Router().get('/a', () => 1).middleware('Nope'), /\[GET \/a\]: unknown middleware \[Nope\]/));
    it('unknown middleware from a group', () =>
      registrationError(() => new Router().group({ middleware: 'Ghost' }, (g) => g.get('/g', () => 1)), /\[GET \/g\]: unknown middleware \[Ghost\]/));
    it('middleware without handle()', () => {
      const c = new Container();
      c.bind('Bad', class {});
      registrationError(() => new Router(c).get('/a', () => 1).middleware('Bad'), /has no handle/);
    });
    it('controller without the method', () =>
      registrationError(() => new Router().get('/a', [PhotoController, 'missing' as 'index']), /\[GET \/a\]: controller \[PhotoController\] has no method \[missing\]/));
    for (const name of ['constructor', 'valueOf', 'toString', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__', 'toLocaleString']) {
      it(`what every object inherits is not an action: ${name}`, () =>
        registrationError(() => new Router().get('/a', [PhotoController, name as 'index']), new RegExp(`controller \\[PhotoController\\] has no method \\[${name}\\]`)));
    }
    it('the base controller\'s protected helpers are not actions', () => {
      class Helpers extends Controller {
        show() {
          return 1;
        }
      }
      registrationError(() => new Router().get('/a', [Helpers, 'json' as 'show']), /controller \[Helpers\] has no method \[json\]/);
    });
    it('a method inherited from an application class is an action', () => {
      class Base extends Controller {
        index() {
          return 'base';
        }
      }
      class Derived extends Base {}
      assert.doesNotThrow(() => new Router().get('/a', [Derived, 'index']));
    });
    it('resource whose controller lacks an action', () => {
      class Partial {
        index() {
          return 1;
        }
      }
      registrationError(() => new Router().resource('things', Partial), /\[GET \/things\/create\]: controller \[Partial\] has no method \[create\]/);
    });
    it('unregistered controller names', () => registrationError(() => new Router().get('/a', 'Ghost@index'), /controller \[Ghost\] is not registered/));
    it('malformed action strings', () => registrationError(() => new Router().get('/a', 'nomethod'), /must be "Controller@method"/));
    it('a class given as the action', () => registrationError(() => new Router().get('/a', PhotoController as never), /a class is not an action/));
    it('same method and URI twice', () => {
      const r = new Router();
      r.get('/a/{id}', () => 1);
      registrationError(() => r.get('/a/{id}/', () => 2), /\[GET \/a\/\{id\}\]: this method and URI are already registered/);
      registrationError(() => r.get('/a/{name}', () => 2), /duplicates the route registered earlier as \[GET \/a\/\{id\}\]/);
      assert.equal(r.post('/a/{id}', () => 3).method, 'POST', 'another method is fine');
    });
    it('duplicate route names', () => {
      const r = new Router();
      r.get('/a', () => 1).name('home');
      registrationError(() => r.get('/b', () => 2).name('home'), /\[GET \/b\]: the name \[home\] is already used by \[GET \/a\]/);
    });
    it('declared builtin parameters the URI does not provide', () => {
      class C {
        static actions = defineActions<C>({ show: [param.int('id')], list: [param.int('page', 1)] });
        show(id: number) {
          return id;
        }
        list(page: number) {
          return page;
        }
      }
      registrationError(() => new Router().get('/items', [C, 'show']), /C@show declares parameter \[id\] which the URI does not provide/);
      assert.ok(new Router().get('/items', [C, 'list']), 'a default makes it optional');
    });
    it('declared class parameters of unknown names', () => {
      class C {
        static actions = defineActions<C>({ show: [param.of('svc', 'Unknown')] });
        show(svc: unknown) {
          return svc;
        }
      }
      registrationError(() => new Router().get('/items', [C, 'show']), /unknown type \[Unknown\]/);
    });
  });

  it('controller actions are checked by the compiler', () => {
    class Clock {
      readonly now = 0;
    }
    class Counter {
      readonly count = 0;
    }
    class BadInject {
      static inject = [Clock] as const;
      constructor(readonly counter: Counter) {}
      index() {
        return 1;
      }
    }
    const r = new Router();
    // @ts-expect-error -- not a method of PhotoController
    assert.throws(() => r.get('/a', [PhotoController, 'nope']), RouteRegistrationError);
    // @ts-expect-error -- static inject does not match the constructor
    assert.ok(r.get('/b', [BadInject, 'index']));
    // @ts-expect-error -- closures receive strings
    assert.ok(r.get('/c/{n}', (n: number) => n));
  });

  it('a failed middleware() leaves the route unchanged', () => {
    const c = new Container();
    c.bind('A', trace('A'));
    const route = new Router(c).get('/a', () => 1);
    assert.throws(() => route.middleware(['A', 'Nope']));
    assert.deepEqual(route.getMiddleware(), []);
  });
});

describe('Router dispatch', () => {
  it('closures receive decoded route parameters by position', async () => {
    const r = new Router();
    r.get('/u/{first}/{second}', (a, b) => `${a}|${b}`);
    assert.equal((await call(r, 'GET', '/u/x%20y/%252F')).text, 'x y|%2F');
  });

  it('decodes "%2F" inside a parameter to "/" exactly once', async () => {
    const r = new Router();
    r.get('/f/{name}', (name) => name);
    assert.equal((await call(r, 'GET', '/f/a%2Fb')).text, 'a/b');
  });

  it('ignores the query string when matching', async () => {
    const r = new Router();
    r.get('/q', () => 'q');
    assert.equal((await call(r, 'GET', '/q?x=/y')).text, 'q');
  });

  it('404, 405 and 400 as JSON', async () => {
    const r = new Router();
    r.get('/a/{x}', (x) => x);
    r.delete('/a/{x}', (x) => x);
    const notFound = await call(r, 'GET', '/b');
    assert.equal(notFound.response.status, 404);
    assert.equal(notFound.text, '{"message":"Not Found"}');
    assert.equal(notFound.response.headers.get('content-type'), 'application/json');
    const notAllowed = await call(r, 'POST', '/a/1');
    assert.equal(notAllowed.response.status, 405);
    assert.equal(notAllowed.text, '{"message":"Method Not Allowed"}');
    assert.equal(notAllowed.response.headers.get('Allow'), 'GET, HEAD, DELETE');
    const malformed = await call(r, 'GET', '/a/%E2%82');
    assert.equal(malformed.response.status, 400);
    assert.equal(malformed.text, '{"message":"Bad Request"}');
    assert.equal((await call(r, 'GET', '/zz%zz')).response.status, 400, 'malformed anywhere in the path');
  });

  it('records the route and decoded parameters on the request', async () => {
    const r = new Router();
    const route = r.get('/p/{slug}', () => 'ok');
    const { request } = await call(r, 'GET', '/p/hello%21');
    assert.equal(request.route, route);
    assert.deepEqual(request.params, { slug: 'hello!' });
  });

  it('notifies route-matched listeners before middleware runs', async () => {
    const r = new Router();
    const seen: string[] = [];
    r.onRouteMatched((request, route) => seen.push(`${route} ${request.params['id']}`));
    r.get('/i/{id}', () => 'x');
    await call(r, 'GET', '/i/5');
    await call(r, 'GET', '/nothing');
    assert.deepEqual(seen, ['GET /i/{id} 5']);
  });

  it('middleware may short-circuit; inner layers are then never built', async () => {
    const c = new Container();
    let innerBuilt = 0;
    c.bind('Gate', class {
      handle() {
        return { blocked: true };
      }
    });
    c.bind('Inner', () => {
      innerBuilt++;
      return { handle: (req: Request, next: Next) => next(req) };
    });
    const r = new Router(c);
    let ran = false;
    r.get('/g', () => {
      ran = true;
      return 'ran';
    }).middleware(['Gate', 'Inner']);
    const { response, text } = await call(r, 'GET', '/g');
    assert.equal(response.status, 200);
    assert.equal(text, '{"blocked":true}');
    assert.equal(ran, false);
    assert.equal(innerBuilt, 0);
  });

  it('unexpected exceptions propagate to the caller (the Application renders them)', async () => {
    const r = new Router();
    r.get('/boom', () => {
      throw new Error('boom');
    });
    await assert.rejects(() => r.dispatch(Request.create('GET', '/boom')), /boom/);
  });
});
