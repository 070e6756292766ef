import { test } from 'node:test';
import assert from 'node:assert/strict';
import { verifyRequest } from '../../src/properties/engine/execute';
import { classifyFailure } from '../../src/properties/engine/failureKind';
import type { Check, RequestCheck, UrlCheck } from '../../src/properties/engine/plan';
import { planTableCase, type TableCase } from '../../src/properties/props/routeTables';

/** A resource `photos` inside a group `admin`, probed with PATCH and POST on /admin/photos/A, and named. */
const CASE: TableCase = {
  entries: [
    { kind: 'group', prefix: ['admin'], entries: [{ kind: 'resource', word: 'photos' }] },
    { kind: 'route', method: 'GET', segs: [{ kind: 'static', word: 'a' }, { kind: 'param' }], named: true },
    { kind: 'resource', word: 'tags' },
  ],
  probes: [],
};

function plan(extra: Partial<TableCase> = {}) {
  return planTableCase({ ...CASE, ...extra });
}

/** Plans the table with the given probes and returns its checks. */
function checksFor(probes: TableCase['probes']): { checks: Check[]; manifest: ReturnType<typeof plan>['manifest'] } {
  const p = plan({ probes });
  return { checks: p.checks, manifest: p.manifest };
}

const probe = (kind: TableCase['probes'][number]['kind'], pick: number, method: number, values = ['A']) =>
  ({ kind, pick, method, values, mutation: { op: 'change' as const, pos: 0, word: 'a' } });

test('a 405 on a resource URI answered 200 by another method is the resource registering more than seven routes', () => {
  const { checks, manifest } = checksFor([probe('other', 3, 3)]); // PATCH (VERBS[3]) on a show URI
  const check = checks.find((c): c is RequestCheck => c.kind === 'request' && c.method === 'PATCH' && c.expect.status === 405);
  assert.ok(check, JSON.stringify(checks));
  const charge = classifyFailure(check, { kind: 'request', status: 200, body: '{"action":"PhotoController@update"}' }, manifest);
  assert.equal(charge.kind, 'matched');
  assert.equal(charge.rule, 'resources.only-seven');
});

test('Allow with every right method and PATCH besides is an extra method; on a resource URI, the resource\'s', () => {
  const { checks, manifest } = checksFor([probe('other', 3, 1)]); // POST on a show URI: 405 GET, PUT, DELETE
  const check = checks.find((c): c is RequestCheck => c.kind === 'request' && c.method === 'POST' && c.expect.status === 405);
  assert.ok(check);
  const extra = classifyFailure(check, { kind: 'request', status: 405, allow: 'GET, HEAD, PUT, PATCH, DELETE', body: '' }, manifest);
  assert.equal(extra.kind, 'allow-extra');
  assert.equal(extra.rule, 'resources.only-seven');
  assert.deepEqual(extra.needs, ['errors.allow-header', 'errors.allow-exact']);
  // A missing method is no extra route: it stays with errors.allow-exact.
  const missing = classifyFailure(check, { kind: 'request', status: 405, allow: 'GET, PUT', body: '' }, manifest);
  assert.equal(missing.kind, 'allow-wrong');
  assert.equal(missing.rule, 'errors.allow-exact');
  assert.notEqual(missing.signature, extra.signature);
});

test('an extra method in Allow on a URI no resource owns is charged to errors.allow-exact', () => {
  const { checks, manifest } = checksFor([probe('other', 7, 1)]); // POST on GET /a/{p}
  const check = checks.find((c): c is RequestCheck => c.kind === 'request' && c.method === 'POST' && c.expect.status === 405);
  assert.ok(check, JSON.stringify(checks.map((c) => c.kind === 'request' ? `${c.method} ${c.path}` : c.name)));
  const charge = classifyFailure(check, { kind: 'request', status: 405, allow: 'GET, PATCH', body: '' }, manifest);
  assert.equal(charge.kind, 'allow-extra');
  assert.equal(charge.rule, 'errors.allow-exact');
});

test('a resource URL that cannot be generated from id is resources.id-name, relying on the names', () => {
  const { checks, manifest } = checksFor([probe('name', 11, 0), probe('name', 8, 0), probe('name', 7, 0)]); // tags.show, tags.index, /a/{p}
  const urls = checks.filter((c): c is UrlCheck => c.kind === 'url');
  const show = urls.find((c) => c.name === 'tags.show');
  const index = urls.find((c) => c.name === 'tags.index');
  const named = urls.find((c) => !c.name.startsWith('tags.'));
  assert.ok(show && index && named, JSON.stringify(urls.map((u) => u.name)));
  const failed = { kind: 'url' as const, result: { ok: false as const, message: 'Missing required parameter [photo]' } };
  const finding = (name: string) => ({ aspect: 'url', route: name, actual: { failed: 'Missing required parameter [photo]' }, expected: 'a URL' });
  assert.deepEqual(classifyFailure(show, failed, manifest), { kind: 'url-failed', rule: 'resources.id-name', signature: 'resources.id-name:url-failed', needs: ['resources.names'], finding: finding('tags.show') });
  assert.deepEqual(classifyFailure(index, failed, manifest), { kind: 'url-failed', rule: 'resources.names', signature: 'resources.names:url-failed', needs: [], finding: finding('tags.index') });
  assert.equal(classifyFailure(named, failed, manifest).rule, 'named.name');
  // An absolute URL is url.path whichever route it is for.
  assert.equal(classifyFailure(show, { kind: 'url', result: { ok: true, url: 'http://h/tags/A' } }, manifest).rule, 'url.path');
});

test('a 5xx is one signature in a property, whichever check shows it', () => {
  const { checks, manifest } = checksFor([probe('hit', 0, 0), probe('other', 3, 1)]);
  const signatures = new Set(checks.filter((c) => c.kind === 'request')
    .map((c) => classifyFailure(c, { kind: 'request', status: 500, body: 'boom' }, manifest)));
  assert.deepEqual([...new Set([...signatures].map((s) => s.signature))], ['server-error']);
  assert.deepEqual([...new Set([...signatures].map((s) => s.rule))], ['dispatch.regex-match']);
});

test('the right action with other parameter values is the resource id\'s fault, not another route; another action on create is create\'s', () => {
  const { checks, manifest } = checksFor([probe('hit', 11, 0)]); // GET /tags/A: PhotoController@show
  const check = checks.find((c): c is RequestCheck => c.kind === 'request' && c.expect.status === 200);
  assert.ok(check && check.expect.status === 200 && check.expect.body.kind === 'echo');
  const charge = classifyFailure(check, { kind: 'request', status: 200, body: '{"action":"PhotoController@show","params":{"id":{"type":"null"}}}' }, manifest);
  assert.equal(charge.kind, 'wrong-params');
  assert.equal(charge.rule, 'resources.id-param');
  const other = classifyFailure(check, { kind: 'request', status: 200, body: '{"action":"PhotoController@index","params":{}}' }, manifest);
  assert.equal(other.kind, 'wrong-body');
  const { checks: creates } = checksFor([probe('hit', 9, 0)]); // GET /tags/create
  const create = creates.find((c): c is RequestCheck => c.kind === 'request' && c.path === '/tags/create');
  assert.ok(create);
  assert.equal(classifyFailure(create, { kind: 'request', status: 200, body: '{"action":"PhotoController@show","params":{"id":{"type":"string","value":"create"}}}' }, manifest).rule, 'resources.create-not-show');
});

test('an answer clipped for its size is the wrong body even when its head is the right echo, and never passes a check', () => {
  const { checks, manifest } = checksFor([probe('hit', 11, 0)]); // GET /tags/A: PhotoController@show
  const check = checks.find((c): c is RequestCheck => c.kind === 'request' && c.expect.status === 200);
  assert.ok(check && check.expect.status === 200 && check.expect.body.kind === 'echo');
  // The right echo, then a megabyte of spaces the runner did not read: its head parses.
  const head = `${JSON.stringify({ action: check.expect.body.action, params: check.expect.body.params })}${' '.repeat(100)}`;
  const clipped = { kind: 'request' as const, status: 200, body: head, clipped: { bytes: 1_000_000, bound: 65_560 } };
  assert.deepEqual(verifyRequest(check.expect, { ...clipped, clipped: undefined }), [], 'read whole, the same body passes');
  const messages = verifyRequest(check.expect, clipped);
  assert.equal(messages.length, 1);
  assert.match(messages[0]!, /^expected a JSON echo; got ".*" \(a body of 1,000,000 bytes, larger than an answer to this request may be \(65,560 bytes/);
  const charge = classifyFailure(check, clipped, manifest);
  assert.equal(charge.kind, 'wrong-body');
  assert.equal(charge.finding?.aspect, 'action');
  const text = { status: 200 as const, body: { kind: 'text' as const, value: 'ok' }, route: 'r' };
  assert.equal(verifyRequest(text, { kind: 'request', status: 200, body: 'ok', clipped: { bytes: 70_000, bound: 65_540 } }).length, 1);
});

test('a resource action answering a method its table does not have there is a route beyond the seven', () => {
  // The resource photos, then a PATCH route of the user's at the resource's {id} shape.
  const p = planTableCase({
    entries: [{ kind: 'resource', word: 'photos' }, { kind: 'route', method: 'PATCH', segs: [{ kind: 'static', word: 'photos' }, { kind: 'param' }], named: false }],
    probes: [],
  });
  const check: RequestCheck = { kind: 'request', method: 'PATCH', path: '/photos/A', expect: { status: 200, body: { kind: 'text', value: 't0' }, route: 'PATCH /photos/{p0}' }, rule: 'params.default-constraint' };
  const update = '{"action":"PhotoController@update","params":{"id":{"type":"string","value":"A"}}}';
  const charge = classifyFailure(check, { kind: 'request', status: 200, body: update }, p.manifest);
  assert.equal(charge.kind, 'wrong-route');
  assert.equal(charge.rule, 'resources.only-seven');
  // The same action answering PUT, a method its table has there, is no route beyond the seven.
  const put: RequestCheck = { ...check, method: 'PUT', expect: { status: 200, body: { kind: 'echo', action: 'PhotoController@update', params: {} }, route: 'PUT /photos/{id}' }, rule: 'resources.routes' };
  assert.notEqual(classifyFailure(put, { kind: 'request', status: 200, body: '{"action":"PhotoController@destroy","params":{}}' }, p.manifest).rule, 'resources.only-seven');
});

test('closure arguments that hold a static text written with metacharacters are that text taken for a parameter', () => {
  const check: RequestCheck = {
    kind: 'request', method: 'GET', path: '/r0/A/*', expect: { status: 200, body: { kind: 'args', values: ['A'] }, route: '/r0/{p0}/*' },
    rule: 'params.literal-static', charges: { 'wrong-body': 'dispatch.extract-by-name' }, literalStatic: ['*'],
  };
  const manifest = { protocol: 2, routeFiles: { web: [{ method: 'GET', uri: '/r0/{p0}/*', handler: { closure: 'args' } }] } } as const;
  const taken = classifyFailure(check, { kind: 'request', status: 200, body: '{"closure":"args","args":[{"type":"string","value":"A"},{"type":"object","value":"*"}]}' }, manifest as never);
  assert.equal(taken.rule, 'params.literal-static');
  const swapped = classifyFailure(check, { kind: 'request', status: 200, body: '{"closure":"args","args":[{"type":"string","value":"B"}]}' }, manifest as never);
  assert.equal(swapped.rule, 'dispatch.extract-by-name');
});
