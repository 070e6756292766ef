import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Application, serve } from '../../src';
import { LINGER } from '../../src/http/earlyAnswer';
import { endlessBody } from '../adapter/helpers';

/**
 * The framework's own server (serve(), the example application): a 413 or 414 answered before the
 * body is read ends the connection after a bounded linger, instead of letting node drain an
 * endless body (decision 55).
 */
describe('the framework\'s early 413 and 414 end the connection', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  let port: number;
  before(async () => {
    const app = new Application({ web: (router) => { router.post('/p', () => 'p'); } });
    server = await serve(app, { port: 0 });
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));

  for (const [label, head, status] of [
    ['a body over the limit (413)', 'POST /p HTTP/1.1\r\nHost: x\r\n', / 413 /],
    ['a URI over 8 KiB with a body (414)', `POST /${'a'.repeat(9000)} HTTP/1.1\r\nHost: x\r\n`, / 414 /],
  ] as const) {
    it(label, async () => {
      const result = await endlessBody(port, head, (LINGER.ms + 500) * 6);
      assert.match(result.head, status, result.head);
      assert.match(result.head, /\r\nconnection: close/i);
      assert.ok(result.closedMs !== undefined, `the connection was still open; ${(result.sentBytes / 1e6).toFixed(0)} MB sent`);
      assert.ok(result.sentBytes < 64 * 1024 * 1024, `${(result.sentBytes / 1e6).toFixed(0)} MB sent`);
    });
  }
});
