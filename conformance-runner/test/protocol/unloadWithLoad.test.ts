import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { AdapterClient } from '../../src/protocol';
import type { Manifest } from '../../src/protocol/manifest';

/**
 * Applications unloaded with the next load (protocol §2.3, info `unloadWithLoad`): a deleted
 * application is named in X-Fw-Unload on the same client's next POST /__fw/apps, and what is left
 * is deleted when the client closes; a load that got no answer names them again next time.
 */
describe('unloading with the next load', () => {
  let server: http.Server;
  let url = '';
  let calls: string[] = [];
  let next = 0;
  let dropNextLoad = false;

  before(async () => {
    server = http.createServer((req, res) => {
      const send = (status: number, body?: unknown) => {
        res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
        res.end(body === undefined ? undefined : JSON.stringify(body));
      };
      req.resume();
      req.on('end', () => {
        const unload = req.headers['x-fw-unload'];
        calls.push(`${req.method} ${req.url}${unload !== undefined ? ` unload=${unload}` : ''}`);
        if (req.method === 'POST' && req.url === '/__fw/apps') {
          if (dropNextLoad) { dropNextLoad = false; req.socket.destroy(); return; }
          return send(201, { app: `app${++next}`, routes: 1 });
        }
        if (req.method === 'DELETE') return send(204);
        return send(404, { error: { kind: 'not-found', message: 'no such path' } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => { calls = []; next = 0; });

  const manifest: Manifest = { protocol: 2, routeFiles: { web: [{ method: 'GET', uri: '/x', handler: { closure: 'text', value: 'x' } }] } };
  const idOf = (r: Awaited<ReturnType<AdapterClient['loadApp']>>) => (r.ok ? r.app : '');

  it('names deleted applications in the next load, and deletes the rest at close', async () => {
    const client = new AdapterClient({ url, token: 't', capabilities: ['routing'], unloadWithLoad: true });
    const one = idOf(await client.loadApp(manifest));
    await client.deleteApp(one);
    const two = idOf(await client.loadApp(manifest));
    const three = idOf(await client.loadApp(manifest));
    await client.deleteApp(two);
    await client.deleteApp(three);
    await client.close();
    assert.deepEqual(calls, [
      'POST /__fw/apps', 'POST /__fw/apps unload=app1', 'POST /__fw/apps',
      'DELETE /__fw/apps/app2', 'DELETE /__fw/apps/app3',
    ]);
    // The runner's bookkeeping stays out of the exchanges a reproduction is made of.
    assert.ok(client.exchanges.every((e) => !Object.keys(e.requestHeaders).some((h) => h.toLowerCase() === 'x-fw-unload')));
  });

  it('a load that got no answer leaves them to the next one', async () => {
    const client = new AdapterClient({ url, token: 't', capabilities: ['routing'], unloadWithLoad: true });
    try {
      const one = idOf(await client.loadApp(manifest));
      await client.deleteApp(one);
      dropNextLoad = true;
      await assert.rejects(client.loadApp(manifest));
      await client.loadApp(manifest);
      assert.deepEqual(calls, ['POST /__fw/apps', 'POST /__fw/apps unload=app1', 'POST /__fw/apps unload=app1']);
    } finally {
      await client.close();
    }
  });

  it('without it, a delete is a DELETE at once', async () => {
    const client = new AdapterClient({ url, token: 't', capabilities: ['routing'] });
    try {
      await client.deleteApp(idOf(await client.loadApp(manifest)));
      await client.loadApp(manifest);
      assert.deepEqual(calls, ['POST /__fw/apps', 'DELETE /__fw/apps/app1', 'POST /__fw/apps']);
    } finally {
      await client.close();
    }
  });
});
