import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { atOnce } from '../../../src/protocol/atOnce';

describe('atOnce: calls at most `width` at a time, results in the items\' order', () => {
  it('keeps the order of the items whatever order the calls end in, and never runs more than width at once', async () => {
    let running = 0;
    let most = 0;
    const slotsSeen = new Set<number>();
    const out = await atOnce([30, 5, 20, 1, 10, 2, 8], 3, async (ms, slot) => {
      running += 1;
      most = Math.max(most, running);
      slotsSeen.add(slot);
      await delay(ms);
      running -= 1;
      return ms * 2;
    });
    assert.deepEqual(out, [60, 10, 40, 2, 20, 4, 16]);
    assert.equal(most, 3);
    assert.deepEqual([...slotsSeen].sort(), [0, 1, 2]);
  });

  it('one at a time with width 1 (or less), and nothing for no items', async () => {
    const order: number[] = [];
    await atOnce([3, 1, 2], 0, async (n) => { order.push(n); await delay(n); });
    assert.deepEqual(order, [3, 1, 2]);
    assert.deepEqual(await atOnce([], 4, async () => 1), []);
  });
});
