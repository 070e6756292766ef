import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judge } from '../../src/attribution/assertion';
import { resolveBlocking } from '../../src/attribution/resolve';
import type { Outcome } from '../../src/model/outcome';
import type { Finding } from '../../src/model/finding';
import type { Manifest } from '../../src/protocol/manifest';
import { manifestRules } from '../../src/attribution/features';

const CATALOG = ['helpers.introspect', 'params.case-sensitive', 'params.segment', 'injection.route-param', 'injection.cast-bool', 'helpers.introspect', 'url.fill-segments', 'url.query-string', 'url.zero', 'conversion.redirect-response', 'helpers.redirect-status', 'middleware.response-passthrough'];
const catalog = { order: (r: string) => CATALOG.indexOf(r), level: (r: string) => (r === 'url.zero' ? 'implied' as const : r === 'helpers.introspect' ? 'reference' as const : 'must' as const) };
const failed = (rule: string, scenario: string, symptom: string, extra: Partial<Outcome> = {}): Outcome => ({ rule, scenario, status: 'failed', symptom, ...extra });

describe('one root per difference', () => {
  it('failures of several rules that show one precise difference are one root: the rule the others stand on', () => {
    const own = failed('injection.route-param', 'r', 'value object-for-scalar');
    const cast = failed('injection.cast-bool', 'c', 'value object-for-scalar', { standsOn: ['injection.route-param'] });
    const other = failed('helpers.introspect', 'h', 'value object-for-scalar');
    const r = resolveBlocking([cast, other, own], catalog);
    assert.deepEqual([...r.roots], ['injection.route-param']);
    assert.equal(r.blockedBy.get(cast), 'injection.route-param');
    assert.equal(r.blockedBy.get(other), 'injection.route-param');
    assert.equal(r.sameDifference.get(other), 'value object-for-scalar');
  });

  it('with no rule stood on, the spec\'s own sentence (must) before an implied one, then the catalog order', () => {
    const zero = failed('url.zero', 'z', 'value query-dropped');
    const query = failed('url.query-string', 'q', 'value query-dropped');
    assert.deepEqual([...resolveBlocking([zero, query], catalog).roots], ['url.query-string']);
    const a = failed('helpers.redirect-status', 'a', 'status 3xx→302');
    const b = failed('conversion.redirect-response', 'b', 'status 3xx→302');
    const c = failed('middleware.response-passthrough', 'c', 'status 3xx→302');
    assert.deepEqual([...resolveBlocking([a, b, c], catalog).roots], ['conversion.redirect-response']);
  });

  it('two faults that show two differences stay two roots; a rule failing another way too stays charged for it', () => {
    const lower = failed('params.segment', 's', 'value lower-cased');
    const lower2 = failed('injection.route-param', 'i', 'value lower-cased');
    const bool = failed('injection.cast-bool', 'b', 'value bool-as-int');
    const bool2 = failed('helpers.introspect', 'h', 'value bool-as-int');
    const own = failed('injection.route-param', 'i2', 'status crash');
    const r = resolveBlocking([lower, lower2, bool, bool2, own], catalog);
    assert.deepEqual([...r.roots].sort(), ['injection.cast-bool', 'injection.route-param', 'params.segment']);
    assert.equal(r.blockedBy.get(lower2), 'params.segment');
    assert.equal(r.blockedBy.get(bool2), 'injection.cast-bool');
    assert.equal(r.blockedBy.has(own), false);
  });

  it('a reference-level rule never keeps a counted rule\'s failure, whatever the order', () => {
    const ref = failed('helpers.introspect', 'h', 'value null-dropped');
    const counted = failed('url.zero', 'z', 'value null-dropped');
    const r = resolveBlocking([ref, counted], catalog);
    assert.deepEqual([...r.roots], ['url.zero']);
    assert.equal(r.blockedBy.get(ref), 'url.zero');
  });

  it('coarse symptoms (a 404, a crash) never make one root of several rules', () => {
    const a = failed('params.segment', 'a', 'status unmatched');
    const b = failed('url.zero', 'b', 'status unmatched');
    const c = failed('helpers.introspect', 'c', 'status crash');
    const d = failed('injection.route-param', 'd', 'status crash');
    assert.equal(resolveBlocking([a, b, c, d], catalog).roots.size, 4);
  });
});

describe('the difference is read from the assertion\'s values, and names its mechanism', () => {
  const seen = { request: 'GET /x', status: 200, trace: ['action:EchoController@bool'] };
  const ctx = (rule: string) => ({ subject: [rule], declared: [], generatedUrls: false });
  it('JSON values of another type stand on the serializer, route values of another case on the path\'s case', () => {
    const bool: Finding = { aspect: 'param', ...seen, expected: { type: 'bool', value: true }, actual: { type: 'bool', value: 1 } };
    const j = judge(bool, ctx('injection.cast-bool'));
    assert.equal(j.symptom, 'value bool-as-int');
    assert.ok(j.foundations.includes('conversion.json-types'));
    const lower: Finding = { aspect: 'param', ...seen, expected: { type: 'string', value: 'AbC' }, actual: { type: 'string', value: 'abc' } };
    assert.deepEqual(judge(lower, ctx('params.segment')).foundations, ['params.case-sensitive']);
    const url: Finding = { aspect: 'url', route: 'u', expected: '/users/7', actual: '/users/?id=7' };
    assert.deepEqual([judge(url, ctx('named.name')).symptom, judge(url, ctx('named.name')).foundations], ['value segment-in-query', ['url.fill-segments']]);
    const location: Finding = { aspect: 'header', name: 'Location', ...seen, expected: '/target/7', actual: '/target?id=7' };
    assert.equal(judge(location, ctx('factory.redirect-route')).symptom, 'value segment-in-query');
  });

  it('a text body that is the action\'s text with other whitespace stands on the conversion that made it', () => {
    const body: Finding = { aspect: 'body', request: 'GET /plain', status: 200, trace: ['action:PlainController@hello'], expected: 'hello', actual: 'hello\n' };
    const j = judge(body, ctx('overview.controller-destination'));
    assert.equal(j.symptom, 'value whitespace');
    assert.ok(j.foundations.includes('conversion.string'), JSON.stringify(j));
    // Another text altogether is no whitespace difference: nothing is said of the conversion.
    assert.ok(!judge({ ...body, actual: 'bye' }, ctx('overview.controller-destination')).foundations.includes('conversion.string'));
  });

  it('a redirect before any handler ran is no route taking the request', () => {
    const f: Finding = { aspect: 'status', request: 'GET /users/', status: 301, trace: [], expected: 404, actual: 301 };
    const j = judge(f, ctx('params.default-nonempty'));
    assert.equal(j.symptom, 'status 404→301');
    assert.deepEqual(j.foundations, []);
  });
});

describe('what the answer itself shows of the route that took the request', () => {
  const ctx = (rule: string, manifest: Manifest) => ({ subject: [rule], manifest, declared: [], generatedUrls: false });
  const users: Manifest = { protocol: 2, routeFiles: { web: [{ method: 'GET', uri: '/users/{value}', handler: { controller: 'EchoController', action: 'string' } }, { method: 'GET', uri: '/users/{value}/posts', handler: { closure: 'text', value: 'posts' } }] } };

  it('a route value holding "/" is a parameter that took more than its segment', () => {
    const f: Finding = { aspect: 'body', request: 'GET /users/7/posts', status: 200, trace: ['action:EchoController@string'], echoValues: ['7/posts'], expected: 'posts', actual: '{"action":"EchoController@string"}' };
    assert.ok(judge(f, ctx('dispatch.regex-match', users)).foundations.includes('params.default-constraint'));
    assert.ok(!judge({ ...f, echoValues: ['7'] }, ctx('dispatch.regex-match', users)).foundations.includes('params.default-constraint'));
  });

  it('a route value that is its segment lower-cased is a path read case-folded', () => {
    const f: Finding = { aspect: 'status', request: 'GET /users/ABC', status: 200, trace: ['action:EchoController@string'], echoValues: ['abc'], expected: 404, actual: 200 };
    assert.ok(judge(f, ctx('dispatch.regex-match', users)).foundations.includes('params.case-sensitive'));
    assert.ok(!judge({ ...f, echoValues: ['ABC'] }, ctx('dispatch.regex-match', users)).foundations.includes('params.case-sensitive'));
  });

  it('a 405 whose Allow only a parameter spanning "/" could give stands on the default constraint', () => {
    const f: Finding = { aspect: 'status', request: 'DELETE /users/1/x', status: 405, trace: [], allow: 'GET', expected: 404, actual: 405 };
    assert.ok(judge(f, ctx('errors.not-found', users)).foundations.includes('params.default-constraint'));
    const exact: Finding = { aspect: 'status', request: 'DELETE /users/1', status: 405, trace: [], allow: 'GET', expected: 404, actual: 405 };
    assert.ok(!judge(exact, ctx('errors.not-found', users)).foundations.includes('params.default-constraint'));
  });

  it('routes after a group stand on its scope; a middleware that ran for a route outside its group is the scope\'s', () => {
    const after: Manifest = { protocol: 2, routeFiles: { web: [{ group: { prefix: '/a', middleware: ['TraceA'] }, routes: [] }, { method: 'GET', uri: '/b', handler: { closure: 'text', value: 'b' } }] } };
    assert.ok(manifestRules(after).reach.includes('groups.scope'));
    const trace: Finding = { aspect: 'trace', request: 'GET /b', status: 200, trace: [], expected: ['closure:text'], actual: ['mw:TraceA:before', 'closure:text', 'mw:TraceA:after'] };
    assert.deepEqual(judge(trace, ctx('middleware.matched-route-only', after)).foundations, ['groups.scope']);
    assert.ok(!manifestRules(users).reach.includes('groups.scope'));
  });
});

describe('a URL right but for being absolute', () => {
  it('is url.path\'s, whether the step compared a whole URL or a path and its query', () => {
    const ctx = { subject: ['url.query-string'], declared: [], generatedUrls: false };
    const whole: Finding = { aspect: 'url', route: 'u', expected: { path: '/users/7', query: [['sort', 'asc']] }, actual: 'http://h/users/7?sort=asc' };
    assert.equal(judge(whole, ctx).evidence, 'url.path');
    const wrong: Finding = { ...whole, actual: 'http://h/users/7' };
    assert.equal(judge(wrong, ctx).evidence, undefined);
  });
});

describe('blocking through a blocked rule', () => {
  it('passes a root on only to failures that show what the blocked rule\'s own failures show', () => {
    const order = (r: string) => ['injection.route-param', 'params.constraint-regex', 'params.literal-static', 'params.segment'].indexOf(r);
    const root = failed('injection.route-param', 'r', 'value became:Context');
    const constraint = failed('params.constraint-regex', 'c', 'value became:Context', { needs: ['injection.route-param'] });
    // A 404 that stands on the constraint: the constraint's failures are the context's, not a 404.
    const unmatched = failed('params.literal-static', 'l', 'status unmatched', { needs: ['params.constraint-regex'] });
    const r = resolveBlocking([root, constraint, unmatched], order);
    assert.equal(r.blockedBy.get(constraint), 'injection.route-param');
    assert.equal(r.blockedBy.has(unmatched), false);
    assert.ok(r.roots.has('params.literal-static'));
    // A 404 behind a rule whose own failure is a 404 blocked in turn: the same fault, passed on.
    const segment = failed('params.segment', 's', 'status unmatched', { needs: ['injection.route-param'] });
    const behind = failed('params.literal-static', 'l2', 'status unmatched', { needs: ['params.segment'] });
    const r2 = resolveBlocking([failed('injection.route-param', 'r', 'status unmatched'), segment, behind], order);
    assert.equal(r2.blockedBy.get(behind), 'injection.route-param');
  });
});
