import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { AdapterClient } from '../../src/protocol';
import { PROPERTIES, propertyNamed, runProperty, type PropertyResult } from '../../src/properties';
import { startFakeAdapter, type FakeAdapter, type FakeBugs } from './fixtures/fakeAdapter';

const started: FakeAdapter[] = [];
const clients: AdapterClient[] = [];
after(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(started.map((a) => a.close()));
});

async function target(bugs: FakeBugs = {}): Promise<{ adapter: FakeAdapter; client: () => AdapterClient; slot: () => AdapterClient }> {
  const adapter = await startFakeAdapter(bugs);
  started.push(adapter);
  const open = () => new AdapterClient({ url: adapter.url, token: adapter.token, requestTimeoutMs: 5000 });
  // A slot's client is closed by sendAhead itself; the others at the end.
  return { adapter, client: () => { const c = open(); clients.push(c); return c; }, slot: open };
}

/** What a property run says, without what depends on the clock. */
function said(r: PropertyResult): unknown {
  return { ...r.info, durationMs: 0, error: r.error?.message, repro: r.repro?.manifest };
}

describe('cases sent ahead of a property search (engine/sendAhead.ts)', () => {
  // The reason sending ahead is pure gain: fast-check's sample and check draw the same cases from
  // a seed. If a fast-check release changed that, the search would find nothing ahead and send its
  // cases itself: slower, never different. This test says so loudly instead.
  it("fc.sample gives the values fc.check tests, in its order, for every property's arbitrary", async () => {
    for (const [name, def] of PROPERTIES) {
      for (const seed of [1, -7, 2_000_000_001]) {
        const seen: string[] = [];
        await fc.check(fc.asyncProperty(def.arbitrary(), async (v) => { seen.push(fc.stringify(v)); return true; }), { seed, numRuns: 30 });
        const sampled = fc.sample(def.arbitrary(), { seed, numRuns: 30 }).map((v) => fc.stringify(v));
        assert.deepEqual(sampled, seen, `${name}, seed ${seed}`);
      }
    }
  });

  for (const [name, bugs] of [['route-tables', { allowDuplicates: true }], ['group-tables', { flatGroups: true }], ['regex-constraints', { unanchored: true }], ['url-generation', {}]] as const) {
    it(`${name}${Object.keys(bugs).length > 0 ? ` against ${Object.keys(bugs)[0]}` : ''}: the same result as one case at a time, most cases sent ahead`, async () => {
      const t = await target(bugs);
      const one = await runProperty(propertyNamed(name), { client: t.client(), seed: 5, numRuns: 40 });
      const sentAlone = t.adapter.appRequests;
      let slots = 0;
      const main = t.client();
      const many = await runProperty(propertyNamed(name), { client: main, seed: 5, numRuns: 40, ahead: { width: 4, client: () => { slots += 1; return t.slot(); } } });
      assert.deepEqual(said(many), said(one));
      assert.equal(slots, 4, 'four slots sent cases ahead');
      const sentAhead = t.adapter.appRequests - sentAlone;
      // Every case was sent (ahead), and the search found them ahead rather than sending them again.
      assert.ok(sentAhead >= sentAlone && sentAhead < sentAlone * 1.5, `${sentAhead} requests with cases sent ahead, ${sentAlone} one at a time`);
    });
  }

  it('sends nothing ahead for one replayed path, nor in differential mode', async () => {
    const t = await target({ allowDuplicates: true });
    let slots = 0;
    const ahead = { width: 4, client: () => { slots += 1; return t.slot(); } };
    await runProperty(propertyNamed('route-tables'), { client: t.client(), seed: 5, numRuns: 10, replayPath: '0', ahead });
    await runProperty(propertyNamed('route-tables'), { client: t.client(), oracle: t.client(), seed: 5, numRuns: 10, ahead });
    assert.equal(slots, 0);
  });
});
