import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_MAX_URI_LENGTH } from '../../src';
import { compileRouteRegExp } from '../../src/routing/regex/RouteRegExp';
import { appWeight, LIMITS } from '../../adapter/limits';
import { assertConstraintWork, knownSteps, knownUris } from '../../adapter/constraintWork';
import { AUTH, request, startAdapter, type RunningAdapter } from './helpers';

type ErrorBody = { error: { kind: string; message: string; pointer?: string } };

const route = (uri: string) => ({ method: 'GET', uri, handler: { closure: 'args' } });
/** The most instructions one route may compile to. */
const MOST = Math.floor(LIMITS.routeWork / DEFAULT_MAX_URI_LENGTH);
/** `a*a{n}b` compiles to n + 5 linear instructions. */
const sized = (instructions: number) => `a*a{${instructions - 5}}b`;

describe('adapter limits on the work of constraints (decision 55)', () => {
  let adapter: RunningAdapter;
  before(async () => { adapter = await startAdapter(); });
  after(() => adapter.close());

  const load = (web: unknown[]) => request(adapter.port, 'POST', '/__fw/apps', { protocol: 2, routeFiles: { web } }, AUTH);

  it('the estimate is the linear engine\'s instructions, which a{n} makes n + 5 of', () => {
    assert.equal(compileRouteRegExp(sized(MOST)).instructions, MOST);
    assert.equal(compileRouteRegExp('[0-9]+').instructions, 0, 'the native engine\'s patterns are not counted');
  });

  it('a constraint near the engine\'s cap is 400 kind manifest naming the route, with a pointer', async () => {
    const answer = await load([route('/ok'), { group: { prefix: 'g' }, routes: [route('/c/{x:a*a{19000}b}')] }]);
    assert.equal(answer.status, 400, answer.text.slice(0, 300));
    const { error } = answer.json as ErrorBody;
    assert.equal(error.kind, 'manifest');
    assert.equal(error.pointer, '/routeFiles/web/1/routes/0');
    assert.match(error.message, /^the route GET g \+ \/c\/\{x:a\*a\{19000\}b\} may take 155,688,960 steps of regex matching/);
    assert.match(error.message, /the adapter's limit is 1,572,864/);
  });

  it('a route at the limit loads, and one instruction more does not', async () => {
    assert.equal((await load([route(`/c/{x:${sized(MOST)}}`)])).status, 201);
    assert.equal((await load([route(`/c/{x:${sized(MOST + 1)}}`)])).status, 400);
  });

  it('a group prefix\'s constraints count in each of its routes', async () => {
    const half = Math.ceil(MOST / 2) + 1;
    const answer = await load([{ group: { prefix: `{p:${sized(half)}}` }, routes: [route(`/c/{x:${sized(half)}}`)] }]);
    assert.equal(answer.status, 400, answer.text.slice(0, 300));
    assert.equal((answer.json as ErrorBody).error.pointer, '/routeFiles/web/0/routes/0');
  });

  it('the manifest\'s distinct constraints are summed: many routes each under the limit are refused together', async () => {
    const each = MOST;
    const count = Math.floor(LIMITS.manifestWork / (each * DEFAULT_MAX_URI_LENGTH)) + 1;
    const web = Array.from({ length: count }, (_, i) => route(`/c${i}/{x:${sized(each)}}`));
    const answer = await load(web);
    assert.equal(answer.status, 400, answer.text.slice(0, 300));
    assert.equal((answer.json as ErrorBody).error.pointer, `/routeFiles/web/${count - 1}`);
    assert.match((answer.json as ErrorBody).error.message, /the manifest's constraints may take/);
    // The same constraint under one URI many times is one edge of the matcher: counted once.
    assert.equal((await load(Array.from({ length: count }, () => route(`/c/{x:${sized(each)}}`)).map((r, i) => ({ ...r, method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'][i % 5] })).slice(0, 5))).status, 201);
  });

  it('a route under K group prefixes counts K times: the matcher tests it under each prefix that matches (issue 38)', async () => {
    const most = Math.floor(LIMITS.manifestWork / LIMITS.routeWork);
    // Prefixes of no work each (native constraints), all matching the segment "a".
    const grouped = (k: number) => Array.from({ length: k }, (_, i) => ({ group: { prefix: `/{p:a{1,${i + 1}}}` }, routes: [route(`/{x:${sized(MOST)}}`)] }));
    assert.equal((await load(grouped(most))).status, 201);
    const answer = await load(grouped(100));
    assert.equal(answer.status, 400, answer.text.slice(0, 300));
    const { error } = answer.json as ErrorBody;
    assert.equal(error.kind, 'manifest');
    assert.equal(error.pointer, `/routeFiles/web/${most}/routes/0`);
    assert.match(error.message, /^with the route GET \/\{p:a\{1,9\}\} \+ \/\{x:a\*a\{187\}b\}, the manifest's constraints may take 14,155,776 steps/);
    assert.match(error.message, /a route under K group prefixes counts K times/);
    // The same constraint on the same path of the tree, in 20 groups and routes, is one edge: counted once.
    const same = Array.from({ length: 20 }, (_, i) => ({ group: { prefix: '/{p:a{1,2}}' }, routes: [{ group: { prefix: 'q' }, routes: [route(`/{x:${sized(MOST)}}/s${i}`)] }] }));
    assert.equal((await load(same)).status, 201);
  });

  it('a resource\'s name is a URI piece: a constraint in it counts, in each of its seven routes', async () => {
    const answer = await load([{ resource: `{x:${sized(MOST + 1)}}`, controller: 'PhotoController' }]);
    assert.equal(answer.status, 400, answer.text.slice(0, 300));
    assert.equal((answer.json as ErrorBody).error.pointer, '/routeFiles/web/0');
    assert.match((answer.json as ErrorBody).error.message, /^the route GET \{x:a\*a\{188\}b\} may take/);
  });

  it('static routes after costly ones: the framework searches each through the tree, bounded like a request (issue 38)', async () => {
    const most = Math.floor(LIMITS.manifestWork / LIMITS.routeWork);
    const costly = Array.from({ length: most }, (_, i) => ({ group: { prefix: `/{p:a{1,${i + 1}}}` }, routes: [route(`/{x:${sized(MOST)}}`)] }));
    // Each static path searched through the tree: 8 routes near the limit tested on 8,000 characters.
    const statics = Array.from({ length: 120 }, (_, i) => route(`/a/${'a'.repeat(8000)}/s${i}`));
    const started = performance.now();
    const answer = await load([...costly, ...statics]);
    const ms = performance.now() - started;
    assert.equal(answer.status, 400, answer.text.slice(0, 300));
    const { error } = answer.json as ErrorBody;
    // The tree is at the manifest's limit: one search of 8,008 characters through it fits, two do not.
    assert.equal(error.pointer, `/routeFiles/web/${most + 1}`);
    assert.match(error.message, /^with the static route GET \/a\/aaa.*, building the manifest's matcher may take [\d,]+ steps of regex matching/);
    assert.ok(ms < 5000, `refused in ${ms.toFixed(0)} ms, without building it`);
    // Registered before the costly routes, they are searched through nothing.
    assert.equal((await load([...statics.slice(0, 10), ...costly])).status, 201);
  });

  it('route files count in the order the application loads them', () => {
    const costly = [route(`/{x:${sized(MOST)}}`)];
    const statics = Array.from({ length: 10 }, (_, i) => route(`/a/${'a'.repeat(8000)}/s${i}`));
    // `late` is loaded by the bootstrap after web, although the manifest lists it first.
    assert.throws(() => assertConstraintWork({ routeFiles: { late: statics, web: costly } as never, bootstrap: ['late'] }), /static route/);
    assert.doesNotThrow(() => assertConstraintWork({ routeFiles: { late: costly, web: statics } as never, bootstrap: ['late'] }));
  });

  it('the app\'s weight counts the instructions it compiled', () => {
    const instructions = assertConstraintWork({ routeFiles: { web: [route(`/a/{x:${sized(100)}}`), route(`/b/{y:${sized(20)}}`), route('/c/{z:[0-9]+}')] } as never });
    assert.equal(instructions, 120);
    assert.ok(appWeight(3, 100, instructions) > appWeight(3, 100));
  });
});

describe('the steps of URIs, kept across manifests', () => {
  it('are counted as compiling the URI counts them, the second time from memory', () => {
    const uri = `/kept/{id:${sized(50)}}`;
    const first = knownSteps(uri);
    const kept = knownUris();
    assert.equal(knownSteps(uri), first);
    assert.equal(knownUris(), kept, 'not compiled or stored again');
    assert.deepEqual(first.map((s) => s.instructions), [0, 50]);
  });

  it('keep no URI longer than 512 characters, and at most 2,000 URIs', () => {
    const before = knownUris();
    knownSteps(`/long/${'a'.repeat(600)}/{x:[0-9]+}`);
    assert.equal(knownUris(), before);
    for (let i = 0; i < 2100; i++) knownSteps(`/many/${i}/{x:[0-9]+}`);
    assert.equal(knownUris(), 2000);
  });
});
