import fc from 'fast-check';
import type { AdapterClient } from '../../protocol';
import { atOnce } from '../../protocol/atOnce';
import type { PropertyDefinition } from './definition';
import type { CaseOutcome } from './execute';
import type { Plan } from './plan';
import type { PlanMemo } from './planMemo';

/** What a property may send ahead of its search: how many cases at once, each slot with a client of its own. */
export interface AheadOptions {
  /** Cases at once: the scenarios' lanes (run/cucumber/lanes), what the adapter serves at once. */
  width: number;
  /** A client for one slot (its exchanges are its case's), closed when the cases are sent. */
  client(): AdapterClient;
}

/**
 * Sends the cases a property checks first — its stored cases, then the first `numRuns` of its
 * random search — ahead of it, `width` at a time, into the property's memo of sent plans. The
 * search then checks them in its own order, one after another as fast-check does, finding each in
 * the memo: against a target that takes 50 ms a request, a property's 100 cases cost about as
 * much as `100 / width` do.
 *
 * Nothing depends on it but time. A case's outcome depends only on its plan (the memo already
 * relies on it: shrinking and later rounds ask about the same plans again), and fast-check's cases
 * only on the seed: `fc.sample` with the property's seed and numRuns gives the values `fc.check`
 * tests, in its order (sendAhead.test.ts checks it for every property). Should that stop holding,
 * the search finds nothing in the memo and sends its cases itself. A case that throws (a timeout,
 * a protocol error) is not kept, and nothing more is sent ahead: the search meets it in its turn
 * and decides about it as it would have without this.
 */
export async function sendAhead<T>(def: PropertyDefinition<T>, stored: readonly unknown[], seed: number, numRuns: number,
  ahead: AheadOptions, memo: PlanMemo, send: (plan: Plan, client: AdapterClient) => Promise<CaseOutcome>): Promise<void> {
  const queue: Plan[] = [];
  for (const value of [...stored, ...fc.sample(def.arbitrary(), { seed, numRuns })]) {
    let plan: Plan;
    try {
      plan = def.plan(value as T);
    } catch {
      continue; // the search reports a value it cannot plan, in its turn
    }
    queue.push(plan);
  }
  let stopped = false;
  const slots = Array.from({ length: Math.min(ahead.width, queue.length) }, () => ahead.client());
  try {
    await atOnce(queue, slots.length, async (plan, slot) => {
      if (stopped || memo.get(plan) !== undefined) return;
      const client = slots[slot]!;
      client.resetLog();
      try {
        memo.set(plan, await send(plan, client), [...client.exchanges]);
      } catch {
        stopped = true;
      }
    });
  } finally {
    await Promise.all(slots.map((c) => c.close()));
  }
}
