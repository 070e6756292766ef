import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SuiteHold } from '../../src/run/cucumber/suiteHold';

describe("the runner's hold on the suite", () => {
  it('lets the suite start at once when nothing holds it (a cucumber worker, a run without the check)', async () => {
    await new SuiteHold().held();
  });

  it('holds the suite until the runner releases it, once', async () => {
    const suiteHold = new SuiteHold();
    const hold = suiteHold.take();
    const started = suiteHold.held();
    let going = false;
    void started.then(() => { going = true; });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(going, false, 'held');
    hold.release();
    await started;
    assert.equal(going, true);
    await suiteHold.held(); // the next start is not held by this hold
  });

  it('holds every lane of the run on the same hold (lanes: each runs the gate)', async () => {
    const suiteHold = new SuiteHold();
    const hold = suiteHold.take();
    let going = 0;
    const lanes = [suiteHold.held(), suiteHold.held(), suiteHold.held()].map((h) => h.then(() => { going += 1; }));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(going, 0, 'no lane goes before the release');
    hold.release();
    await Promise.all(lanes);
    assert.equal(going, 3);
  });

  it('stops the suite before anything ran when the runner abandons it', async () => {
    const suiteHold = new SuiteHold();
    suiteHold.take().abandon('not run: the adapter stopped answering');
    await assert.rejects(suiteHold.held(), /not run: the adapter stopped answering/);
  });

  it("holds one run's suite only: another run's starts at once", async () => {
    const one = new SuiteHold();
    one.take();
    await new SuiteHold().held();
  });
});
