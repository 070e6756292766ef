import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppStore } from '../../adapter/AppStore';
import { appWeight, STORE } from '../../adapter/limits';
import { AUTH, manyRoutes, request, startAdapter, type RunningAdapter } from './helpers';

describe('AppStore', () => {
  it('keeps at most `apps` apps and `weight` weight, evicting the least recently used', () => {
    const store = new AppStore<string>({ apps: 3, weight: 100 });
    const a = store.add('a', 40);
    const b = store.add('b', 40);
    assert.equal(store.get(a), 'a', 'a is now more recently used than b');
    const c = store.add('c', 40);
    assert.equal(store.get(b), undefined, 'b went: the least recently used');
    assert.deepEqual([store.get(a), store.get(c)], ['a', 'c']);
    assert.deepEqual(store.size, { apps: 2, weight: 80 });
    store.add('d', 1);
    store.add('e', 1);
    assert.equal(store.size.apps, 3);
    const big = store.add('big', 500);
    assert.equal(store.get(big), 'big', 'an app over the budget alone still loads (the loader caps sizes)');
    assert.deepEqual(store.size, { apps: 1, weight: 500 });
    assert.ok(store.delete(big));
    assert.deepEqual(store.size, { apps: 0, weight: 0 });
  });

  it('weighs an app by its routes and its manifest bytes', () => {
    assert.equal(appWeight(10, 100), 10 * STORE.bytesPerRoute + 100 * STORE.bytesPerManifestByte);
  });
});

describe('the adapter bounds its app store by weight, not only by count', () => {
  let adapter: RunningAdapter;
  // Room for two apps of 700 routes: the third load evicts the least recently used.
  const budget = 2 * appWeight(700, Buffer.byteLength(JSON.stringify(manyRoutes(100))));
  before(async () => { adapter = await startAdapter({ apps: 256, weight: budget }); });
  after(() => adapter.close());

  it('evicts the least recently used apps when big manifests pile up', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const loaded = await request(adapter.port, 'POST', '/__fw/apps', manyRoutes(100), AUTH);
      assert.equal(loaded.status, 201, loaded.text);
      ids.push((loaded.json as { app: string }).app);
      if (i === 1) {
        // Using the first app makes the second the least recently used.
        assert.equal((await request(adapter.port, 'GET', '/r0', undefined, { 'x-fw-app': ids[0]! })).status, 200);
      }
    }
    const status = async (id: string) => (await request(adapter.port, 'GET', '/r0', undefined, { 'x-fw-app': id })).status;
    assert.deepEqual([await status(ids[0]!), await status(ids[1]!), await status(ids[2]!)], [200, 404, 200]);
  });
});
