import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { firstViolation } from '../../src/protocol';
import { PROPERTIES } from '../../src/properties';
import { dispatchModel, flattenManifest } from '../../src/properties/model/routeTable';
import { overlaps } from '../../src/properties/model/pattern';
import { fillPath, tableCaseArb, planTableCase } from '../../src/properties/props/routeTables';
import { planRegexCase, regexCaseArb } from '../../src/properties/props/regexConstraints';
import { inLanguage } from '../../src/properties/regex/oracle';
import { hasBraces, renderRegex, withoutBraces } from '../../src/properties/regex/ast';
import { languageString, regexArb } from '../../src/properties/regex/arbitrary';
import { isSafe } from '../../src/properties/regex/safety';

test('every generated manifest satisfies the protocol\'s manifest schema, and plans are deterministic', () => {
  for (const def of PROPERTIES.values()) {
    fc.assert(fc.property(def.arbitrary(), (value) => {
      const plan = def.plan(value);
      assert.equal(firstViolation('manifest', plan.manifest), null, `${def.name}: ${JSON.stringify(plan.manifest)}`);
      assert.deepEqual(def.plan(value), plan);
      assert.ok(plan.checks.length > 0 || plan.extras.length > 0 || def.name === 'route-names', `${def.name}: a case checks something`);
    }), { seed: 3, numRuns: 100 });
  }
});

test('route tables never register one method twice on the same shape; partial overlaps are allowed', () => {
  let partial = 0;
  fc.assert(fc.property(tableCaseArb({ groups: true, resources: true, names: true }), (value) => {
    const routes = flattenManifest(planTableCase(value).manifest);
    for (const a of routes) {
      for (const b of routes) {
        if (a.index >= b.index || a.method !== b.method || !overlaps(a.segments, b.segments)) continue;
        const same = a.segments.every((s, i) => (s.kind === 'param' ? b.segments[i]!.kind === 'param' : b.segments[i]!.kind === 'static' && (b.segments[i] as { text: string }).text === s.text));
        assert.ok(!same, `${a.method} ${a.uri} and ${b.uri} have the same shape`);
        partial++;
      }
    }
  }), { seed: 5, numRuns: 300 });
  assert.ok(partial > 50, `partial overlaps are generated (${partial})`);
});

test('in every generated table, each route is reached with its own method and reaches itself', () => {
  fc.assert(fc.property(tableCaseArb({ groups: true, resources: true, names: true }), (value) => {
    const routes = flattenManifest(planTableCase(value).manifest);
    for (const route of routes) {
      // A value no static word uses, so only the route's own shape can match.
      const outcome = dispatchModel(routes, route.method, fillPath(route.segments, ['v9z']));
      assert.equal(outcome.status, 200);
      // Either the route answers, or the spec leaves open which of several routes does.
      if (outcome.status === 200) assert.ok(outcome.route === route || outcome.ambiguous, `${route.method} ${route.uri}`);
    }
  }), { seed: 6, numRuns: 300 });
});

test('route-table checks carry the model\'s outcome; names are only checked for named routes', () => {
  fc.assert(fc.property(tableCaseArb({ groups: true, resources: true, names: true }), (value) => {
    const plan = planTableCase(value);
    const routes = flattenManifest(plan.manifest);
    for (const c of plan.checks) {
      if (c.kind === 'request') {
        const o = dispatchModel(routes, c.method, c.path);
        assert.equal(o.status, c.expect.status);
        assert.ok(o.status !== 200 || !o.ambiguous, 'ambiguous requests are extras, not checks');
        if (o.status === 405 && c.expect.status === 405) assert.deepEqual(c.expect.allow, o.allow);
      } else {
        const named = routes.filter((r) => r.name === c.name);
        assert.equal(named.length, 1, `${c.name} names one route`);
        assert.equal(c.follow.method, named[0]!.method);
        assert.equal(c.follow.expect.status, 200);
      }
    }
    for (const e of plan.extras) {
      if (e.kind !== 'request' || e.note !== 'several routes of the method match') continue;
      const o = dispatchModel(routes, e.method, e.path);
      assert.ok(o.status === 200 && o.ambiguous);
    }
  }), { seed: 9, numRuns: 300 });
});

test('regex cases: 200 exactly when every constrained value is in its language and static text is unchanged', () => {
  let ok = 0;
  let notFound = 0;
  fc.assert(fc.property(regexCaseArb(), (value) => {
    for (const c of planRegexCase(value).checks) {
      if (c.kind !== 'request') continue;
      // Twins (/t<i>/) are the same routes with their braces written out: the same language.
      const [, kind, index] = /^\/([rt])(\d+)\//.exec(c.path)!;
      const route = value.routes[Number(index)]!;
      if (kind === 't') assert.ok(route.segments.some((s) => s.kind === 'param' && hasBraces(s.re)), 'only braced routes have twins');
      const raw = c.path.split('/').slice(2);
      // The oracle: the anchored JS regex of each rendered constraint; static text compared literally.
      const inside = route.segments.every((s, k) => (s.kind === 'static' ? raw[k] === s.text : inLanguage(renderRegex(s.re), raw[k]!)));
      assert.equal(c.expect.status, inside ? 200 : 404, c.path);
      if (c.expect.status === 200) {
        ok++;
        assert.deepEqual(c.expect.body, { kind: 'args', values: raw.filter((_, k) => route.segments[k]!.kind === 'param') });
      } else notFound++;
    }
  }), { seed: 10, numRuns: 300 });
  assert.ok(ok > 200 && notFound > 200, `both outcomes are exercised (${ok} matches, ${notFound} misses)`);
});

test('a constraint without its braces has the same language, and is safe', () => {
  const cases = regexArb().filter(hasBraces).chain((re) => fc.tuple(fc.constant(re), fc.array(languageString(re), { maxLength: 10 }),
    fc.array(fc.string({ unit: fc.constantFrom(...'aAz09_-.~b'), maxLength: 8 }), { maxLength: 20 })));
  fc.assert(fc.property(cases, ([re, inside, other]) => {
    const twin = withoutBraces(re);
    assert.ok(!hasBraces(twin), renderRegex(twin));
    assert.ok(isSafe(twin), `${renderRegex(twin)} is safe`);
    for (const s of inside) assert.ok(inLanguage(renderRegex(twin), s), `${renderRegex(twin)} accepts ${JSON.stringify(s)} of ${renderRegex(re)}`);
    for (const s of other) assert.equal(inLanguage(renderRegex(twin), s), inLanguage(renderRegex(re), s), `${renderRegex(re)} / ${renderRegex(twin)} on ${JSON.stringify(s)}`);
  }), { seed: 11, numRuns: 300 });
  assert.equal(renderRegex(withoutBraces({ t: 'seq', items: [{ t: 'quant', atom: { t: 'lit', ch: 'a' }, form: '{m,n}', min: 1, max: 3 }] })), 'a(?:a(?:a)?)?');
  assert.equal(renderRegex(withoutBraces({ t: 'seq', items: [{ t: 'quant', atom: { t: 'esc', e: 'd' }, form: '{m,}', min: 2, max: null }] })), '\\d\\d\\d*');
});
