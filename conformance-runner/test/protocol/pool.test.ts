import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
// Before undici's index, as in the runner: pool.ts must load undici's client modules itself.
import { Pool, poolSource, resetsQuiet } from '../../src/protocol/pool';
import * as undici from 'undici';

/** A server that closes every connection after its answer, as `php -S` does. */
async function closingServer(): Promise<{ origin: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    res.setHeader('connection', 'close');
    res.end(`${req.method} ${req.url}`);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe('pool: undici\'s Pool without the rest of undici', () => {
  it('comes from the Pool\'s own modules with the undici this package pins', () => {
    // A new undici layout makes this fail (and the runner load the whole index) until pool.ts follows it.
    assert.equal(poolSource, 'modules');
  });

  it('is undici\'s Pool, with its request API', async () => {
    assert.equal(Pool, undici.Pool);
    const server = await closingServer();
    const pool = new Pool(server.origin, { connections: 2 });
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

  it('ends a connection the server closes with undici\'s informational error, without a stack', async () => {
    assert.equal(resetsQuiet, true);
    const server = await closingServer();
    const pool = new Pool(server.origin, { connections: 1 });
    const ends: Error[] = [];
    pool.on('disconnect', (_origin, _targets, err) => ends.push(err));
    // How many frames each error was made with: Node formats the stack of an error a stream is
    // destroyed with, and a loader's own formatting (scripts/register.js) must not hide them.
    const framesOf = new WeakMap<Error, number>();
    const format = Error.prepareStackTrace;
    Error.prepareStackTrace = (err: Error, frames: NodeJS.CallSite[]) => {
      framesOf.set(err, frames.length);
      return format === undefined ? `${Error.prototype.toString.call(err)}${frames.map((f) => `\n    at ${f}`).join('')}` : format(err, frames);
    };
    try {
      for (const path of ['/a', '/b']) {
        const { body } = await pool.request({ method: 'GET', path });
        assert.equal(await body.text(), `GET ${path}`);
      }
      while (ends.length < 2) await once(pool, 'disconnect');
    } finally {
      Error.prepareStackTrace = format;
      await pool.close();
      server.close();
    }
    assert.equal(ends.length, 2);
    for (const err of ends) {
      assert.ok(err instanceof undici.errors.InformationalError, String(err));
      assert.equal(err.name, 'InformationalError');
      assert.equal(err.message, 'reset');
      assert.equal((err as Error & { code?: string }).code, 'UND_ERR_INFO');
      assert.equal(framesOf.get(err), 0);
    }
    // Every other error keeps its frames.
    const other = new Error('x');
    assert.match(other.stack ?? '', /\n\s+at /);
  });
});
