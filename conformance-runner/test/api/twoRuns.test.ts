import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { certify } from '../../src/api';
import type { ConformanceReport } from '../../src/reports/model';

/** What two runs of one seed must agree on: each scenario's outcome, and that its requests were timed. */
function outcomes(report: ConformanceReport): string[] {
  return report.scenarios.map((s) => `${s.id} ${s.status}`).sort();
}

describe('two runs in one process (issue 37: the run keeps its state in one object, run/control/runState.ts)', () => {
  it('certifies the reference twice in a row, each run whole: both conform, with the same outcomes and their own timings', async () => {
    const first = await certify({ reference: true, seed: 1, numRuns: 5 });
    const second = await certify({ reference: true, seed: 1, numRuns: 5 });
    for (const report of [first, second]) {
      assert.equal(report.verdict, 'conforms', JSON.stringify(report.rules.filter((r) => r.status !== 'passed').slice(0, 3)));
      assert.equal(report.gate.pass, true);
    }
    assert.ok(first.scenarios.length > 500, `${first.scenarios.length} scenarios`);
    assert.deepEqual(outcomes(second), outcomes(first));
    // The second run's suite was held, released and timed on its own (not left to the first's).
    assert.ok(second.timing.requests > 0 && second.timing.requests >= first.timing.requests * 0.5, JSON.stringify({ first: first.timing, second: second.timing }));
  });
});
