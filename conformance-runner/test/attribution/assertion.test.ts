import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judge, type Context } from '../../src/attribution/assertion';
import { sharesSegment } from '../../src/attribution/features';
import { resolveBlocking } from '../../src/attribution/resolve';
import type { Outcome } from '../../src/model/outcome';
import type { Finding } from '../../src/model/finding';
import type { Manifest } from '../../src/protocol/manifest';

const manifest: Manifest = { protocol: 2, routeFiles: { web: [
  { group: { prefix: '/admin', middleware: ['TraceA'] }, routes: [
    { method: 'GET', uri: '/u/{id:[0-9]+}', handler: { controller: 'EchoController', action: 'int' }, chain: [{ middleware: ['TraceB', 'TraceC'] }] },
  ] },
] } };
const ctx = (subject: string, extra: Partial<Context> = {}): Context => ({ subject: [subject], manifest, declared: [], generatedUrls: false, ...extra });
const seen = (status: number, trace: string[] = ['action:EchoController@int']): Pick<Finding, 'request' | 'status' | 'trace'> => ({ request: 'GET /admin/u/7', status, trace });

describe('what a failed assertion is evidence against', () => {
  it('an answer that shows the route unreached stands on what routes it there, and names the exchange', () => {
    const j = judge({ aspect: 'status', ...seen(404, []), expected: 200, actual: 404 }, ctx('params.segment'));
    assert.deepEqual(j.needs.sort(), ['groups.prefix', 'params.constraint-regex', 'registration.get']);
    assert.deepEqual(j.foundations, []);
    assert.equal(j.shownBy, 'GET /admin/u/7 → 404');
    assert.equal(j.symptom, 'status unmatched');
  });

  it('the right action with the wrong value: the cast, the injection or the extraction, from the value itself', () => {
    const param = (expected: unknown, actual: unknown) => judge({ aspect: 'param', ...seen(200), name: 'value', expected, actual }, ctx('overview.controller-destination'));
    assert.deepEqual(param({ type: 'int', value: 7 }, { type: 'string', value: '7' }).foundations, ['injection.cast-int']);
    assert.deepEqual(param({ type: 'string', value: 'a' }, { type: 'Context', value: {} }).foundations, ['injection.route-param']);
    assert.deepEqual(param({ first: { type: 'string', value: 'a' }, second: { type: 'string', value: 'b' } },
      { first: { type: 'string', value: 'b' }, second: { type: 'string', value: 'a' } }).foundations, ['dispatch.extract-by-name']);
    const quoted = param({ type: 'int', value: 7 }, { type: 'int', value: '7' });
    assert.ok(quoted.foundations.includes('conversion.array'), quoted.foundations.join());
    assert.equal(quoted.symptom, 'value number-as-string', 'the same symptom as a JSON body whose numbers are strings');
    const body = judge({ aspect: 'json-body', ...seen(200, ['closure:json']), expected: { n: 1 }, actual: { n: '1' } }, ctx('conversion.closure'));
    assert.equal(body.symptom, quoted.symptom);
    assert.deepEqual(judge({ aspect: 'param', ...seen(200), name: 'value', expected: { type: 'int', value: 7 }, actual: { type: 'string', value: '7' } }, ctx('injection.cast-int')).foundations, [],
      'a foundation that is the subject itself is none');
  });

  it('a content type is conversion\'s mechanism; the content type of an empty answer is weak evidence', () => {
    const html = judge({ aspect: 'media-type', ...seen(200, ['action:ReturnController@int']), expected: 'text/html', actual: 'text/plain' }, ctx('conversion.int'));
    assert.deepEqual(html.foundations, ['conversion.string']);
    assert.equal(html.symptom, 'media-type text/plain');
    const empty = judge({ aspect: 'media-type', ...seen(200, ['closure:json']), emptyBody: true, expected: 'application/json', actual: 'text/html' }, ctx('registration.closure-direct'));
    assert.deepEqual([empty.foundations, empty.weakFoundations, empty.symptom], [[], ['conversion.closure'], 'body empty']);
  });

  it('middleware entered against the manifest\'s order is the order rule\'s: one list, or a group before what it wraps', () => {
    const trace = (actual: string[]) => judge({ aspect: 'trace', ...seen(200), expected: ['action:EchoController@int'], actual }, ctx('middleware.route'));
    assert.equal(trace(['mw:TraceA:before', 'mw:TraceC:before', 'mw:TraceB:before', 'action:EchoController@int']).evidence, 'middleware.list-order');
    assert.equal(trace(['mw:TraceB:before', 'mw:TraceA:before', 'mw:TraceC:before', 'action:EchoController@int']).evidence, 'groups.middleware-order');
    assert.equal(trace(['mw:TraceA:before', 'mw:TraceB:before', 'mw:TraceC:before', 'action:EchoController@int']).evidence, undefined);
    const missing = judge({ aspect: 'trace', ...seen(200), expected: ['mw:TraceA:before', 'mw:TraceB:before', 'action:EchoController@int'], actual: ['mw:TraceA:before', 'action:EchoController@int'] }, ctx('middleware.route'));
    assert.deepEqual(missing.foundations.sort(), ['registration.middleware-array']);
  });

  it('a placeholder left in a URL whose parameter shares its segment stands on params.within-segment', () => {
    assert.deepEqual([sharesSegment('/report-{year}.csv'), sharesSegment('/d/{y}-{m}'), sharesSegment('/archive/{year:[0-9]{4}}/posts'), sharesSegment('/a/{b}')], [true, true, false, false]);
    const report: Manifest = { protocol: 2, routeFiles: { web: [{ method: 'GET', uri: '/report-{year}.csv', handler: { closure: 'text', value: 'r' }, chain: [{ name: 'report' }] }] } };
    const j = judge({ aspect: 'url', route: 'report', expected: '/report-2024.csv', actual: '/report-%7Byear%7D.csv?year=2024' }, ctx('url.fill-segments', { manifest: report }));
    assert.deepEqual(j.needs, ['params.within-segment']);
  });

  it('a failed generation stands on the {id}\'s name only for a resource route that has one', () => {
    const photos: Manifest = { protocol: 2, routeFiles: { web: [{ resource: 'photos', controller: 'PhotoController' }] } };
    const failed = (route: string) => judge({ aspect: 'url', route, expected: 'a URL', actual: { failed: `Route [${route}] not defined.` } }, ctx('resources.names', { manifest: photos }));
    assert.ok(!failed('photos.index').foundations.includes('resources.id-name'));
    assert.ok(!failed('photos.create').foundations.includes('resources.id-name'));
    for (const route of ['photos.show', 'photos.edit', 'photos.update', 'photos.destroy']) assert.ok(failed(route).foundations.includes('resources.id-name'), route);
  });

  it('a URL right but for its form is url.path\'s; a wrong one behind a host is its own rule\'s', () => {
    assert.equal(judge({ aspect: 'url', route: 'u', expected: '/admin/u/7', actual: 'http://h/admin/u/7' }, ctx('named.name')).evidence, 'url.path');
    assert.equal(judge({ aspect: 'url', route: 'u', expected: '/admin/u/7', actual: 'http://h/u/7' }, ctx('named.name')).evidence, undefined);
    assert.equal(judge({ aspect: 'url', route: 'u', expected: '/admin/u/7', actual: '/admin/u/7?' }, ctx('named.name')).evidence, 'url.no-empty-query');
  });
});

describe('foundations block only the same fault', () => {
  const order = (r: string) => ['conversion.string', 'conversion.int'].indexOf(r);
  const fail = (rule: string, scenario: string, symptom: string, foundations: string[] = []): Outcome => ({ rule, scenario, status: 'failed', symptom, foundations });

  it('one fault seen from two scenarios has one root', () => {
    const own = fail('conversion.string', 's', 'media-type text/plain');
    const int = fail('conversion.int', 'i', 'media-type text/plain', ['conversion.string']);
    const r = resolveBlocking([own, int], order);
    assert.deepEqual([...r.roots], ['conversion.string']);
    assert.equal(r.blockedBy.get(int), 'conversion.string');
  });

  it('two independent faults have two roots, neither blocked by the other', () => {
    const own = fail('conversion.string', 's', 'media-type text/plain');
    const int = fail('conversion.int', 'i', 'body empty', ['conversion.string']);
    const r = resolveBlocking([own, int], order);
    assert.deepEqual([...r.roots].sort(), ['conversion.int', 'conversion.string']);
    assert.equal(r.blockedBy.size, 0);
  });

  it('a rule whose every failure is blocked stands for what blocks it', () => {
    const o = (rule: string, foundations: string[]) => fail(rule, rule, 'body empty', foundations);
    const root = o('overview.controller-destination', []);
    const str = o('conversion.string', ['overview.controller-destination']);
    const int = o('conversion.int', ['conversion.string']);
    const r = resolveBlocking([root, str, int], (x) => ['overview.controller-destination', 'conversion.string', 'conversion.int'].indexOf(x));
    assert.deepEqual([...r.roots], ['overview.controller-destination']);
    assert.equal(r.blockedBy.get(int), 'overview.controller-destination');
  });
});
