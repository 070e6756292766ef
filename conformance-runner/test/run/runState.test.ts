import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RunState, runStateOf } from '../../src/run/control/runState';

describe("a run's state (run/control/runState.ts)", () => {
  it('is found by the run id the world parameters carry, while the run is open, and each run has its own', () => {
    const one = RunState.open();
    const two = RunState.open();
    try {
      assert.equal(runStateOf({ run: one.id }), one);
      assert.equal(runStateOf({ run: two.id }), two);
      assert.notEqual(one.sharing.sharedApps, two.sharing.sharedApps);
      one.sharing.misplaced.note('GET / → 200');
      assert.equal(two.sharing.misplaced.warning(), undefined, "one run's tally is not the other's");
    } finally {
      one.close();
      two.close();
    }
    // Closed, it is no longer found: the id gets a process's own share (a guest), fresh.
    const guest = runStateOf({ run: one.id });
    assert.notEqual(guest, one);
    assert.equal(guest.sharing.misplaced.warning(), undefined);
    assert.equal(runStateOf({ run: one.id }), guest, 'a guest is kept for the process');
    guest.close();
  });

  it('gives a process without a run id (cucumber run directly) one share of its own', () => {
    const share = runStateOf(undefined);
    assert.equal(runStateOf({}), share);
    share.close();
  });
});
