import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { holdSuite, suiteHeld } from '../../src/run/cucumber/suiteHold';

describe("the runner's hold on the suite", () => {
  it('lets the suite start at once when nothing holds it (a cucumber worker, a run without the check)', async () => {
    await suiteHeld();
  });

  it('holds the suite until the runner releases it, once', async () => {
    const hold = holdSuite();
    const started = suiteHeld();
    let going = false;
    void started.then(() => { going = true; });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(going, false, 'held');
    hold.release();
    await started;
    assert.equal(going, true);
    await suiteHeld(); // the next run is not held by this one's hold
  });

  it('stops the suite before anything ran when the runner abandons it', async () => {
    const hold = holdSuite();
    hold.abandon('not run: the adapter stopped answering');
    await assert.rejects(suiteHeld(), /not run: the adapter stopped answering/);
  });
});
