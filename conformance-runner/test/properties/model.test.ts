import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Manifest, Statement } from '../../src/protocol';
import { allowRepeats, allowViolations, parseAllow } from '../../src/properties/model/allow';
import { matchSegments, overlaps, parsePattern, pathSegments } from '../../src/properties/model/pattern';
import { expectedBody } from '../../src/properties/model/probeCatalog';
import { dispatchModel, flattenManifest, joinPrefix, routeByName } from '../../src/properties/model/routeTable';
import { regexReadings } from '../../src/properties/regex/staticText';

const text = (value: string) => ({ closure: 'text' as const, value });
const manifest = (web: Statement[]): Manifest => ({ protocol: 2, routeFiles: { web } });

function outcome(web: Statement[], method: string, path: string): unknown {
  const o = dispatchModel(flattenManifest(manifest(web)), method, path);
  return o.status === 200 ? { status: 200, uri: o.route.uri, method: o.route.method, params: o.params } : o;
}

test('405 lists every method under which the URI exists, once each, in a stable order', () => {
  const web: Statement[] = [
    { method: 'POST', uri: '/x/{id}', handler: text('post') },
    { method: 'GET', uri: '/x/{id}', handler: text('get') },
    { method: 'GET', uri: '/x/{slug}', handler: text('get again') },
    { method: 'PUT', uri: '/y', handler: text('put') },
  ];
  assert.deepEqual(outcome(web, 'DELETE', '/x/1'), { status: 405, allow: ['GET', 'POST'] });
  assert.deepEqual(outcome(web, 'GET', '/x/1'), { status: 200, uri: '/x/{id}', method: 'GET', params: ['1'] });
  const get = dispatchModel(flattenManifest(manifest(web)), 'GET', '/x/1');
  assert.equal(get.status === 200 && get.ambiguous, true, 'two GET routes match: which one answers is not shown');
  const post = dispatchModel(flattenManifest(manifest(web)), 'POST', '/x/1');
  assert.equal(post.status === 200 && post.ambiguous, false);
  assert.deepEqual(outcome(web, 'GET', '/y'), { status: 405, allow: ['PUT'] });
  assert.deepEqual(outcome(web, 'GET', '/z'), { status: 404 });
  assert.deepEqual(outcome(web, 'GET', '/x'), { status: 404 });
});

test('a query string does not take part in matching', () => {
  assert.deepEqual(outcome([{ method: 'GET', uri: '/a', handler: text('a') }], 'GET', '/a?b=c'), { status: 200, uri: '/a', method: 'GET', params: [] });
});

test('{name} matches exactly one non-empty segment; a constraint must match the whole decoded segment', () => {
  const web: Statement[] = [
    { method: 'GET', uri: '/a/{x}', handler: text('a') },
    { method: 'GET', uri: '/n/{id:[0-9]+}', handler: text('n') },
    { method: 'GET', uri: '/alt/{v:(?:ab|c)}', handler: text('alt') },
  ];
  assert.deepEqual(outcome(web, 'GET', '/a/'), { status: 404 });
  assert.deepEqual(outcome(web, 'GET', '/a/b/c'), { status: 404 });
  assert.deepEqual(outcome(web, 'GET', '/a/b%2Fc'), { status: 200, uri: '/a/{x}', method: 'GET', params: ['b/c'] });
  assert.deepEqual(outcome(web, 'GET', '/n/12'), { status: 200, uri: '/n/{id:[0-9]+}', method: 'GET', params: ['12'] });
  assert.deepEqual(outcome(web, 'GET', '/n/12a'), { status: 404 });
  assert.deepEqual(outcome(web, 'GET', '/n/a12'), { status: 404 });
  assert.deepEqual(outcome(web, 'GET', '/alt/abc'), { status: 404 });
  assert.deepEqual(outcome(web, 'GET', '/alt/c'), { status: 200, uri: '/alt/{v:(?:ab|c)}', method: 'GET', params: ['c'] });
});

test('static text is literal: regex metacharacters match only themselves', () => {
  const web: Statement[] = [{ method: 'GET', uri: '/v1+2/a.b/(x)', handler: text('s') }];
  assert.equal((outcome(web, 'GET', '/v1+2/a.b/(x)') as { status: number }).status, 200);
  assert.deepEqual(outcome(web, 'GET', '/v112/a.b/(x)'), { status: 404 });
  assert.deepEqual(outcome(web, 'GET', '/v1+2/axb/(x)'), { status: 404 });
  assert.deepEqual(outcome(web, 'GET', '/v1+2/a.b/x'), { status: 404 });
});

test('nested group prefixes concatenate, outer first, and do not leak past the group', () => {
  const web: Statement[] = [
    { group: { prefix: '/admin' }, routes: [
      { group: { prefix: '/v1' }, routes: [{ method: 'GET', uri: '/users', handler: text('users') }] },
      { method: 'POST', uri: '/users', handler: text('admin users') },
    ] },
    { method: 'GET', uri: '/after', handler: text('after') },
  ];
  const routes = flattenManifest(manifest(web));
  assert.deepEqual(routes.map((r) => `${r.method} ${r.uri}`), ['GET /admin/v1/users', 'POST /admin/users', 'GET /after']);
  assert.deepEqual(outcome(web, 'GET', '/v1/users'), { status: 404 });
  assert.deepEqual(outcome(web, 'GET', '/admin/users'), { status: 405, allow: ['POST'] });
});

test('joinPrefix gives "/a/b" for the prefix and URI shapes the generators use', () => {
  assert.equal(joinPrefix('/a', '/b'), '/a/b');
  assert.equal(joinPrefix('/a/b', '/c/{d}'), '/a/b/c/{d}');
  assert.equal(joinPrefix('', '/b'), '/b');
  assert.equal(joinPrefix('/a', '/'), '/a');
});

test('resource() registers the seven routes with their names; /name/create reaches create', () => {
  const web: Statement[] = [{ group: { prefix: '/api' }, routes: [{ resource: 'photos', controller: 'PhotoController' }] }];
  const routes = flattenManifest(manifest(web));
  assert.deepEqual(routes.map((r) => `${r.method} ${r.uri} ${r.name}`), [
    'GET /api/photos photos.index', 'GET /api/photos/create photos.create', 'POST /api/photos photos.store',
    'GET /api/photos/{id} photos.show', 'GET /api/photos/{id}/edit photos.edit', 'PUT /api/photos/{id} photos.update',
    'DELETE /api/photos/{id} photos.destroy',
  ]);
  assert.equal(routeByName(routes, 'photos.edit')?.uri, '/api/photos/{id}/edit');
  const create = dispatchModel(routes, 'GET', '/api/photos/create');
  assert.equal(create.status === 200 && create.route.name, 'photos.create');
  assert.equal(create.status === 200 && create.ambiguous, false, 'the spec\'s own create/{id} overlap is not ambiguous');
  assert.deepEqual(outcome(web, 'PATCH', '/api/photos/5'), { status: 405, allow: ['GET', 'PUT', 'DELETE'] });
  assert.deepEqual(outcome(web, 'DELETE', '/api/photos'), { status: 405, allow: ['GET', 'POST'] });
  assert.deepEqual(outcome(web, 'GET', '/api/photos/5/edit/x'), { status: 404 });
});

test('only route files the bootstrap loads count: web, then bootstrap, then providers', () => {
  const m: Manifest = {
    protocol: 2,
    routeFiles: { web: [{ method: 'GET', uri: '/w', handler: text('w') }], extra: [{ method: 'GET', uri: '/e', handler: text('e') }], unused: [{ method: 'GET', uri: '/u', handler: text('u') }] },
    bootstrap: ['extra'],
  };
  assert.deepEqual(flattenManifest(m).map((r) => r.uri), ['/w', '/e']);
});

test('expected bodies follow the probe catalog', () => {
  assert.deepEqual(expectedBody(text('t1'), []), { kind: 'text', value: 't1' });
  assert.deepEqual(expectedBody({ closure: 'args' }, ['a', 'b']), { kind: 'args', values: ['a', 'b'] });
  assert.deepEqual(expectedBody({ controller: 'PhotoController', action: 'show' }, ['7']),
    { kind: 'echo', action: 'PhotoController@show', params: { id: { type: 'string', value: '7' } } });
  assert.deepEqual(expectedBody({ controller: 'PhotoController', action: 'index' }, []), { kind: 'echo', action: 'PhotoController@index', params: {} });
});

test('patterns and paths split into segments; overlap is detected per shape', () => {
  assert.deepEqual(parsePattern('/'), []);
  assert.deepEqual(parsePattern('/y/{year:[0-9]{4}}/{slug}'), [
    { kind: 'static', text: 'y' }, { kind: 'param', name: 'year', constraint: '[0-9]{4}' }, { kind: 'param', name: 'slug' },
  ]);
  assert.deepEqual(pathSegments('/a//b?x=/y'), ['a', '', 'b']);
  assert.equal(matchSegments(parsePattern('/y/{year:[0-9]{4}}'), ['y', '2024']) !== null, true);
  assert.equal(overlaps(parsePattern('/a/{x}'), parsePattern('/a/b')), true);
  assert.equal(overlaps(parsePattern('/a/{x}'), parsePattern('/b/{y}')), false);
  assert.equal(overlaps(parsePattern('/a'), parsePattern('/a/b')), false);
});

test('Allow is parsed as an RFC 9110 list', () => {
  assert.deepEqual(parseAllow('GET, POST').methods, ['GET', 'POST']);
  assert.deepEqual(parseAllow('GET,POST').methods, ['GET', 'POST']);
  assert.deepEqual(parseAllow(' GET ,\t, POST ').methods, ['GET', 'POST']);
  assert.deepEqual(parseAllow('GET, HEAD, OPTIONS, POST'), { methods: ['GET', 'POST'], duplicates: [], invalid: [], implicit: ['HEAD', 'OPTIONS'] });
  assert.deepEqual(parseAllow('GET, GET').duplicates, ['GET']);
  assert.deepEqual(parseAllow('GET; POST').invalid, ['GET; POST']);
});

test('Allow violations: missing header, missing or extra methods; repeats apart; HEAD and OPTIONS ignored', () => {
  assert.deepEqual(allowViolations('GET, HEAD, POST', ['GET', 'POST']), []);
  assert.deepEqual(allowViolations('POST,GET', ['GET', 'POST']), []);
  assert.match(allowViolations(undefined, ['GET'])[0]!, /no Allow header/);
  assert.match(allowViolations('GET', ['GET', 'POST'])[0]!, /missing POST/);
  assert.match(allowViolations('GET, PUT', ['GET'])[0]!, /unexpected PUT/);
  assert.deepEqual(allowViolations('GET, GET', ['GET']), [], 'repeats are not a violation of the implied rule');
  assert.match(allowRepeats('GET, GET')[0]!, /more than once/);
  assert.deepEqual(allowRepeats('GET, POST'), []);
  assert.equal(allowViolations('get', ['GET']).length, 1, 'methods are case-sensitive');
});

test('regex readings of static text are other strings the text matches as a regex', () => {
  assert.ok(regexReadings('a.b').includes('axb'));
  assert.ok(regexReadings('v1+2').includes('v112'));
  assert.ok(regexReadings('v1+2').includes('v12'));
  assert.ok(regexReadings('(x)').includes('x'));
  assert.deepEqual(regexReadings('abc'), []);
  assert.deepEqual(regexReadings('a$'), []);
  assert.deepEqual(regexReadings('(x'), [], 'not a valid regex: no reading');
  for (const t of ['a.b', 'v1+2', 'a*b', '(x)+.']) {
    for (const r of regexReadings(t)) {
      assert.notEqual(r, t);
      assert.ok(new RegExp(`^(?:${t})$`).test(r), `${r} should match ${t} read as a regex`);
    }
  }
});
