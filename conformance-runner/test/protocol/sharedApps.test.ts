import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { AdapterClient } from '../../src/protocol';
import type { Manifest } from '../../src/protocol/manifest';
import { SharedApps } from '../../src/protocol/sharedApps';

/**
 * Content-addressed applications (protocol §2.2, `applications: per-request`): with shareApps, the
 * clients that share one SharedApps (a run's, in one thread) load a manifest once, never deletes it during the run, and shows the load
 * in each scenario's exchanges; without it, each load is its own application, deleted after use.
 */
describe('shared applications', () => {
  let server: http.Server;
  let url = '';
  let calls: string[] = [];
  let next = 0;

  before(async () => {
    server = http.createServer((req, res) => {
      const send = (status: number, body?: unknown) => {
        res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
        res.end(body === undefined ? undefined : JSON.stringify(body));
      };
      let raw = '';
      req.on('data', (c: Buffer) => { raw += c.toString(); });
      req.on('end', () => {
        calls.push(`${req.method} ${req.url}`);
        if (req.method === 'POST' && req.url === '/__fw/apps') {
          const boots = !raw.includes('/broken');
          return boots ? send(201, { app: `app${++next}`, routes: 1 }) : send(422, { error: { kind: 'boot', message: 'refused' } });
        }
        if (req.method === 'DELETE') return send(204);
        return send(404, { error: { kind: 'not-found', message: 'no such path' } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => { calls = []; });

  const manifest = (uri: string): Manifest => ({ protocol: 2, routeFiles: { web: [{ method: 'GET', uri, handler: { closure: 'text', value: 'x' } }] } });
  const client = (shareApps: boolean, token = 't', sharedApps?: SharedApps) => new AdapterClient({ url, token, capabilities: ['routing'], shareApps, sharedApps });

  it('loads a manifest once for every client of the run, and keeps it loaded', async () => {
    const shared = new SharedApps();
    const [a, b] = [client(true, 't', shared), client(true, 't', shared)];
    try {
      const first = await a.loadApp(manifest('/one'));
      const again = await b.loadApp(manifest('/one'));
      assert.deepEqual(again, first);
      await a.deleteApp(first.ok ? first.app : '');
      await b.loadApp(manifest('/two'));
      assert.deepEqual(calls, ['POST /__fw/apps', 'POST /__fw/apps']);
      // The client that did not send the load still shows it, for the scenario's reproduction.
      assert.deepEqual(b.exchanges.map((e) => `${e.method} ${e.path} ${e.status}`), ['POST /__fw/apps 201', 'POST /__fw/apps 201']);
      // A boot refusal is an answer too: the same manifest gets it again without asking.
      const refused = await a.loadApp(manifest('/broken'));
      assert.deepEqual(await b.loadApp(manifest('/broken')), refused);
      assert.equal(calls.length, 3);
      await a.unloadShared();
      assert.deepEqual(calls.slice(3).sort(), ['DELETE /__fw/apps/app1', 'DELETE /__fw/apps/app2']);
      // Once unloaded, a manifest is loaded anew.
      await a.loadApp(manifest('/one'));
      assert.equal(calls.at(-1), 'POST /__fw/apps');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("shares nothing between runs: another run's client loads the manifest anew", async () => {
    const [a, b] = [client(true, 't', new SharedApps()), client(true, 't', new SharedApps())];
    try {
      await a.loadApp(manifest('/three'));
      await b.loadApp(manifest('/three'));
      assert.deepEqual(calls, ['POST /__fw/apps', 'POST /__fw/apps']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('without it, every load is its own application, deleted after use', async () => {
    const a = client(false, 'u');
    try {
      const first = await a.loadApp(manifest('/one'));
      await a.deleteApp(first.ok ? first.app : '');
      await a.loadApp(manifest('/one'));
      assert.deepEqual(calls.map((c) => c.replace(/app\d+/, 'ID')), ['POST /__fw/apps', 'DELETE /__fw/apps/ID', 'POST /__fw/apps']);
    } finally {
      await a.close();
    }
  });
});
