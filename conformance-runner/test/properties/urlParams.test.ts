import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parsePattern } from '../../src/properties/model/pattern';
import { expectUrl, notShownReason, urlViolations } from '../../src/properties/model/urlParams';
import { paramsOf, planUrlCase, urlCaseArb, uriOf } from '../../src/properties/props/urlGeneration';

const route = parsePattern('/u/{slug}/{id:[0-9]+}');

test('segment entries fill segments, the others go to the query, in map order', () => {
  const model = expectUrl(route, { sort: 'asc', slug: 'a b', id: 7, q: 'x&y' });
  assert.deepEqual(model, { shown: true, expect: { segments: ['u', 'a b', '7'], args: ['a b', '7'], query: [['sort', 'asc'], ['q', 'x&y']] } });
});

test('values whose treatment the spec does not show are set apart', () => {
  assert.equal(notShownReason(''), 'empty string');
  assert.equal(notShownReason(true), 'boolean value');
  assert.equal(notShownReason(null), 'null value');
  assert.equal(notShownReason(1.5), 'non-integer number');
  assert.equal(notShownReason(0), null);
  assert.equal(notShownReason('abc', { kind: 'param', name: 'id', constraint: '[0-9]+' }), 'value outside the constraint');
  assert.equal(notShownReason('..', { kind: 'param', name: 'slug' }), 'dot-segment value');
  assert.equal(notShownReason('..'), null, 'a dot-segment is harmless in a query');
  assert.deepEqual(expectUrl(route, { slug: 'a', id: 'x' }), { shown: false, reasons: ['id: value outside the constraint'] });
  assert.deepEqual(expectUrl(route, { slug: 'a' }), { shown: false, reasons: ['missing parameter id'] });
});

const expect = { segments: ['u', 'a b', '7'], args: ['a b', '7'], query: [['sort', 'asc'], ['q', 'x&y']] as Array<[string, string]> };

test('a correctly filled and encoded URL has no violation, whatever the query order and space encoding', () => {
  assert.deepEqual(urlViolations('/u/a%20b/7?sort=asc&q=x%26y', expect), []);
  assert.deepEqual(urlViolations('/u/a%20b/7?q=x%26y&sort=asc', expect), []);
  assert.deepEqual(urlViolations('/u/a%20b/%37?q=x%26y&sort=asc', expect), [], 'an encoded unreserved character decodes the same');
  assert.deepEqual(urlViolations('/u/a%20b/7?sort=asc&q=x%26y', { ...expect, query: [['sort', 'asc'], ['q', 'x&y']] }), []);
  assert.deepEqual(urlViolations('/u/x/7?q=a+b', { segments: ['u', 'x', '7'], args: [], query: [['q', 'a b']] }), [], '+ is a space in a query');
});

test('each broken URL is reported', () => {
  const cases: Array<[string, RegExp]> = [
    ['/u/{slug}/7?sort=asc&q=x%26y', /brace/],
    ['/u/a b/7?sort=asc&q=x%26y', /must be percent-encoded/],
    ['/u/a%20b/7?sort=asc&q=x&y', /unexpected "y"|decodes to "x"/],
    ['/u/a%20b/7?sort=asc', /lacks "q"/],
    ['/u/a%20b/7?sort=asc&q=x%26y&slug=a%20b', /unexpected "slug"/],
    ['/u/a%20b/7?sort=asc&sort=asc&q=x%26y', /repeats sort/],
    ['/u/a%2Fb/7?sort=asc&q=x%26y', /decodes to segments/],
    ['/u/a%20b?sort=asc&q=x%26y', /decodes to segments/],
    ['http://localhost/u/a%20b/7?sort=asc&q=x%26y', /not a path/],
    ['/u/a%2/7?sort=asc&q=x%26y', /starts no percent-encoding/],
    ['/u/a%20b/7?sort=asc&q=x%26y#f', /"#"/],
  ];
  for (const [url, pattern] of cases) {
    const problems = urlViolations(url, expect);
    assert.ok(problems.some((p) => pattern.test(p)), `${url}: ${JSON.stringify(problems)}`);
  }
});

test('generated parameter maps: must-level checks only hold shown values; the rest become extras', () => {
  fc.assert(fc.property(urlCaseArb(), (c) => {
    const plan = planUrlCase(c);
    for (const check of plan.checks) {
      assert.equal(check.kind, 'url');
      if (check.kind !== 'url') continue;
      for (const v of Object.values(check.params)) assert.equal(notShownReason(v), null, JSON.stringify(check.params));
      assert.deepEqual(check.follow.expect.status, 200);
    }
    const all = c.routes.flatMap((r, i) => r.maps.map((m) => ({ segments: parsePattern(uriOf(i, r.segs)), params: paramsOf(r.segs, m) })));
    const shown = all.filter((x) => expectUrl(x.segments, x.params).shown).length;
    assert.equal(plan.checks.length, shown);
    assert.equal(plan.extras.length, all.length - shown);
  }), { seed: 7, numRuns: 200 });
});

test('the keys of a parameter map are unique and include every segment parameter', () => {
  fc.assert(fc.property(urlCaseArb(), (c) => {
    c.routes.forEach((r, i) => {
      const names = parsePattern(uriOf(i, r.segs)).flatMap((s) => (s.kind === 'param' ? [s.name] : []));
      for (const m of r.maps) {
        const keys = Object.keys(paramsOf(r.segs, m));
        assert.equal(new Set(keys).size, keys.length);
        for (const n of names) assert.ok(keys.includes(n), `${n} missing from ${keys.join(',')}`);
      }
    });
  }), { seed: 8, numRuns: 200 });
});

test('a wrong URL for values that need percent-encoding is url.encoding\'s; its round trip stays url.round-trip\'s', async () => {
  const { classifyFailure } = await import('../../src/properties/engine/failureKind');
  const map = (value: string) => ({ values: [value], digits: ['1'], extra: [] as Array<[string, string]>, order: [0, 0, 0, 0, 0, 0] });
  const plan = planUrlCase({ routes: [{ segs: [{ kind: 'param' }], maps: [map('a b'), map('plain-1')] }] });
  const [special, plain] = plan.checks;
  assert.ok(special?.kind === 'url' && plain?.kind === 'url');
  const wrong = (url: string) => ({ kind: 'url' as const, result: { ok: true as const, url } });
  assert.equal(classifyFailure(special, wrong('/u0/a b'), plan.manifest).rule, 'url.encoding');
  assert.equal(classifyFailure(plain, wrong('/u0/plain'), plan.manifest).rule, 'url.fill-segments');
  const back = { kind: 'url' as const, result: { ok: true as const, url: '/u0/a%20b' }, followed: { kind: 'request' as const, status: 404, headers: {}, body: '', trace: [], traced: true, allow: undefined } };
  assert.equal(classifyFailure(special, back as never, plan.manifest).rule, 'url.round-trip');
});
