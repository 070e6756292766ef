import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { certify } from '../../../src/api';
import type { ConformanceReport } from '../../../src/reports/model';

/** What a run says about each scenario, in the report's order. */
function said(report: ConformanceReport): string[] {
  return report.scenarios.map((s) => JSON.stringify({ id: s.id, status: s.status, message: s.message, blockedBy: s.blockedBy, runs: s.property?.runs, result: s.property?.result }));
}

describe('lanes against the reference (it declares info.concurrency 8)', () => {
  it('runs scenarios 8 at once and says exactly what one at a time says, properties included', async () => {
    const options = { reference: true, seed: 3, numRuns: 10, rules: ['groups.prefix', 'groups.nested-prefix', 'injection.cast-int', 'injection.form-request', 'params.constraint-regex'] } as const;
    const lanes = await certify({ ...options, rules: [...options.rules] });
    const alone = await certify({ ...options, rules: [...options.rules], concurrency: 1 });
    assert.equal(lanes.timing.lanes, 8);
    assert.equal(alone.timing.lanes, 1);
    assert.ok(lanes.scenarios.length > 20 && lanes.scenarios.some((s) => s.property), `${lanes.scenarios.length} scenarios, a property among them`);
    assert.deepEqual(said(lanes), said(alone));
    assert.equal(lanes.verdict, alone.verdict);
    assert.equal(lanes.timing.requests > 0 && Math.abs(lanes.timing.requests - alone.timing.requests) < alone.timing.requests * 0.2, true, `${lanes.timing.requests} requests in lanes, ${alone.timing.requests} one at a time: each scenario's counted`);
  });
});
