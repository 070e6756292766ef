import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { currentLane, inLane, lanesOf, lastLaneAt } from '../../../src/run/cucumber/lanes/laneContext';
import { laneCount } from '../../../src/run/cucumber/lanes/lanes';

describe('lanes: several cucumber runs of one suite in one process', () => {
  it('code finds its own lane across awaits and timers, 0 outside any', async () => {
    assert.equal(currentLane(), 0);
    const seen = await Promise.all(lanesOf(3).map((lane) => inLane(lane, async () => {
      await delay(5 * (4 - lane.index));
      const afterTimer = await new Promise<number>((resolve) => setTimeout(() => resolve(currentLane()), 1));
      return [lane.index, currentLane(), afterTimer];
    })));
    assert.deepEqual(seen, [[1, 1, 1], [2, 2, 2], [3, 3, 3]]);
  });

  it('the last lane to reach a closing point is told so, once per point; outside lanes every caller is last', async () => {
    const lanes = lanesOf(3);
    const last = await Promise.all(lanes.map((lane) => inLane(lane, async () => {
      await delay(lane.index * 3);
      return [lastLaneAt('clients'), lastLaneAt('timing')];
    })));
    assert.deepEqual(last, [[false, false], [false, false], [true, true]]);
    assert.equal(lastLaneAt('clients'), true);
    // Another run's lanes count afresh.
    assert.deepEqual(lanesOf(1).map((lane) => inLane(lane, () => lastLaneAt('clients'))), [true]);
  });

  it('as many lanes as the adapter serves requests at once, at most 8, one with --parallel, --fail-fast or nothing declared', () => {
    const plain = { parallel: 0, failFast: false };
    assert.equal(laneCount(undefined, plain), 1);
    assert.equal(laneCount(4, plain), 4);
    assert.equal(laneCount(1024, plain), 8);
    assert.equal(laneCount(4, { ...plain, concurrency: 2 }), 2);
    assert.equal(laneCount(4, { ...plain, concurrency: 1 }), 1);
    assert.equal(laneCount(8, { ...plain, parallel: 2 }), 1);
    assert.equal(laneCount(8, { ...plain, failFast: true }), 1);
  });
});
