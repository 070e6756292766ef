import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveBlocking } from '../../src/attribution/resolve';
import type { Outcome } from '../../src/model/outcome';
import { inferRouteFileFault } from '../../src/attribution/routeFile';

const VERBS = ['get', 'post', 'put', 'patch', 'delete'].map((v) => `registration.${v}`);
const order = (r: string) => ['files.web-default', ...VERBS, 'named.name'].indexOf(r);
const failed = (rule: string, scenario: string, needs: string[] = []): Outcome => ({ rule, scenario, status: 'failed', needs });

/** What a run looks like when routes/web is never loaded: every route is missing. */
function webNotLoaded(): Outcome[] {
  return [
    failed('files.web-default', 'web', ['registration.get']),
    ...VERBS.map((v) => failed(v, v, ['files.web-default'])),
    failed('named.name', 'name'),
    { rule: 'registration.post', scenario: 'boots', status: 'passed' },
  ];
}

describe('a routes/web that is never loaded is one fault', () => {
  it('every failure is charged to files.web-default when it fails and every verb fails', () => {
    const outcomes = webNotLoaded();
    inferRouteFileFault(outcomes);
    const r = resolveBlocking(outcomes, order);
    assert.deepEqual([...r.roots], ['files.web-default']);
    assert.equal(r.blockedBy.size, outcomes.filter((o) => o.status === 'failed').length - 1);
  });

  it('changes nothing when one verb fails nowhere (routes/web was loaded)', () => {
    const outcomes = webNotLoaded().filter((o) => o.rule !== 'registration.delete');
    inferRouteFileFault(outcomes);
    assert.ok(outcomes.every((o) => o.evidence === undefined));
    assert.deepEqual(resolveBlocking(outcomes, order).roots.has('named.name'), true);
  });

  it('changes nothing when files.web-default passes', () => {
    const outcomes = webNotLoaded().map((o): Outcome => (o.rule === 'files.web-default' ? { rule: o.rule, scenario: o.scenario, status: 'passed' } : o));
    inferRouteFileFault(outcomes);
    assert.ok(outcomes.every((o) => o.evidence === undefined));
  });
});
