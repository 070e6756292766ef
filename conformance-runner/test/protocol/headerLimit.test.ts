import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Probe } from '../../src/check-adapter/Probe';
import { AdapterClient } from '../../src/protocol/AdapterClient';
import { AdapterError } from '../../src/protocol/errors';
import { LIMITS } from '../../src/protocol/limits';

describe('a response head over LIMITS.responseHeaderBytes is reported as what it is', () => {
  let server: http.Server;
  let url = '';
  before(async () => {
    // A 1 MB X-Fw-Trace: valid HTTP, and far more than any trace.
    server = http.createServer((_req, res) => res.writeHead(200, { 'x-fw-trace': 'T'.repeat(1024 * 1024) }).end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));

  it('AdapterClient: an adapter error naming the limit', async () => {
    const client = new AdapterClient({ url, token: 't', requestTimeoutMs: 5000 });
    try {
      await assert.rejects(client.send('a', { method: 'GET', path: '/x' }), (err: unknown) => {
        assert.ok(err instanceof AdapterError);
        assert.match(err.message, /^GET \/x: the response headers are larger than 64 KiB, the most fw-conformance reads/);
        return true;
      });
    } finally {
      await client.close();
    }
  });

  it('the adapter check: an answer too large to read, never "the adapter stopped answering"', async () => {
    const probe = new Probe(url, 't', 5000);
    try {
      for (let i = 0; i < 4; i += 1) {
        const ex = await probe.app('GET', '/x', 'a');
        assert.match(ex.failure ?? '', /the response headers are larger than 64 KiB/);
      }
      assert.equal(probe.gaveUp, undefined);
    } finally {
      await probe.close();
    }
  });

  it('the limit is 64 KiB', () => assert.equal(LIMITS.responseHeaderBytes, 64 * 1024));
});
