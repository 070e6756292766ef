import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import * as undici from 'undici';
import { Pool, poolSource } from '../../src/protocol/pool';

describe('pool: undici\'s Pool without the rest of undici', () => {
  it('comes from the Pool\'s own modules with the undici this package pins', () => {
    // A new undici layout makes this fail (and the runner load the whole index) until pool.ts follows it.
    assert.equal(poolSource, 'modules');
  });

  it('is undici\'s Pool, with its request API', async () => {
    assert.equal(Pool, undici.Pool);
    const server = http.createServer((req, res) => {
      res.setHeader('connection', 'close');
      res.end(`${req.method} ${req.url}`);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { connections: 2 });
    try {
      const answers = await Promise.all(['/a', '/b'].map(async (path) => {
        const { statusCode, body } = await pool.request({ method: 'GET', path });
        return `${statusCode} ${await body.text()}`;
      }));
      assert.deepEqual(answers, ['200 GET /a', '200 GET /b']);
    } finally {
      await pool.close();
      server.close();
    }
  });
});
