import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { AdapterClient, AdapterError, UnsupportedError } from '../../src/protocol';
import type { Manifest } from '../../src/protocol/manifest';

/**
 * No dodging (protocol §2.3): whether a scenario is unsupported is decided from the capabilities
 * the adapter declares, never from what it answers. A fake adapter declares routing and groups and
 * answers every manifest with the 501 the test sets.
 */
describe('a 501 unsupported answer cannot dodge a scenario', () => {
  let server: http.Server;
  let url = '';
  let answer: { capability?: string } = {};
  let posts = 0;

  before(async () => {
    server = http.createServer((req, res) => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      req.resume();
      req.on('end', () => {
        if (req.method === 'GET' && req.url === '/__fw/info') {
          return send(200, { protocol: 2, implementation: { name: 'dodger', version: '1.0.0', language: 'JavaScript' }, capabilities: ['routing', 'groups'] });
        }
        if (req.method === 'POST' && req.url === '/__fw/apps') {
          posts++;
          return send(501, { error: { kind: 'unsupported', message: 'not today', ...answer } });
        }
        return send(404, { error: { kind: 'not-found', message: 'no such path' } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const routing: Manifest = { protocol: 2, routeFiles: { web: [{ method: 'GET', uri: '/a', handler: { closure: 'text', args: ['a'] } }] } } as unknown as Manifest;

  async function load(manifest: Manifest): Promise<unknown> {
    const client = new AdapterClient({ url, token: 't' });
    try {
      return await client.loadApp(manifest);
    } catch (error) {
      return error;
    } finally {
      await client.close();
    }
  }

  it('a 501 naming a declared capability is an adapter error', async () => {
    answer = { capability: 'groups' };
    const error = await load(routing);
    assert.ok(error instanceof AdapterError, String(error));
    assert.match((error as Error).message, /naming "groups", which the adapter declares/);
  });

  it('a 501 naming no capability breaks the error schema: an adapter error', async () => {
    answer = {};
    const error = await load(routing);
    assert.ok(error instanceof AdapterError, String(error));
    assert.match((error as Error).message, /must have required property 'capability'/);
  });

  it('a 501 naming an undeclared capability the application does not need is an adapter error: no dodging a routing scenario', async () => {
    answer = { capability: 'views' };
    const error = await load(routing);
    assert.ok(error instanceof AdapterError, String(error));
    assert.match((error as Error).message, /naming "views", which this application does not need \(it needs routing, all declared\)/);
  });

  it('a manifest that needs an undeclared capability is never sent', async () => {
    const before = posts;
    const withResource = { protocol: 2, routeFiles: { web: [{ resource: 'photos', controller: 'PhotoController' }] } } as unknown as Manifest;
    const error = await load(withResource);
    assert.ok(error instanceof UnsupportedError, String(error));
    assert.equal((error as UnsupportedError).capability, 'resources');
    assert.equal(posts, before, 'nothing was posted');
  });
});
