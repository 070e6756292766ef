import assert from 'node:assert/strict';
import * as http from 'node:http';
import * as net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { LINGER } from '../../src/http/earlyAnswer';
import { AUTH, endlessBody, request, startAdapter, TOKEN, type RunningAdapter } from './helpers';

/** Every early answer ends the connection after the linger; what a client can push meanwhile stays small. */
const CLOSE_WITHIN_MS = LINGER.ms + 500;
const MAX_SENT_BYTES = 32 * 1024 * 1024;

describe('early answers to requests with an unread body end the connection (decision 55)', () => {
  let adapter: RunningAdapter;
  let app: string;
  before(async () => {
    adapter = await startAdapter();
    const loaded = await request(adapter.port, 'POST', '/__fw/apps',
      { protocol: 2, routeFiles: { web: [{ method: 'POST', uri: '/p', handler: { closure: 'text', value: 'p' } }] } }, AUTH);
    app = (loaded.json as { app: string }).app;
  });
  after(() => adapter.close());

  const auth = `Authorization: Bearer ${TOKEN}\r\n`;
  const cases: Array<[string, () => string, RegExp]> = [
    ['unauthenticated POST /__fw/apps (401)', () => 'POST /__fw/apps HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n', / 401 /],
    ['wrong token POST /__fw/url (401)', () => 'POST /__fw/url HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer nope\r\n', / 401 /],
    ['authenticated POST /__fw/apps over 1 MiB (400)', () => `POST /__fw/apps HTTP/1.1\r\nHost: x\r\n${auth}`, / 400 /],
    ['authenticated POST /__fw/url over 1 MiB (400)', () => `POST /__fw/url HTTP/1.1\r\nHost: x\r\n${auth}`, / 400 /],
    ['unknown control call (404)', () => `POST /__fw/nope HTTP/1.1\r\nHost: x\r\n${auth}`, / 404 /],
    ['GET /__fw/info with a body (200)', () => `GET /__fw/info HTTP/1.1\r\nHost: x\r\n${auth}`, / 200 /],
    ['DELETE of an unknown app with a body (404)', () => `DELETE /__fw/apps/nope HTTP/1.1\r\nHost: x\r\n${auth}`, / 404 /],
    ['application request without X-Fw-App (404)', () => 'POST /p HTTP/1.1\r\nHost: x\r\n', / 404 /],
    ['application request to an unknown app (404)', () => 'POST /p HTTP/1.1\r\nHost: x\r\nX-Fw-App: nope\r\n', / 404 /],
    ['application request over the framework\'s body limit (413)', () => `POST /p HTTP/1.1\r\nHost: x\r\nX-Fw-App: ${app}\r\n`, / 413 /],
    ['application request with a URI over 8 KiB (the framework\'s 414)', () => `POST /${'a'.repeat(9000)} HTTP/1.1\r\nHost: x\r\nX-Fw-App: ${app}\r\n`, / 414 /],
  ];
  for (const [label, head, status] of cases) {
    it(label, async () => {
      const result = await endlessBody(adapter.port, head(), CLOSE_WITHIN_MS * 3);
      assert.match(result.head, status, result.head);
      assert.match(result.head, /\r\nconnection: close/i);
      assert.ok(result.closedMs !== undefined && result.closedMs < CLOSE_WITHIN_MS,
        `the connection was ${result.closedMs === undefined ? 'still open' : `closed after ${result.closedMs.toFixed(0)} ms`}; ${(result.sentBytes / 1e6).toFixed(0)} MB sent`);
      assert.ok(result.sentBytes < MAX_SENT_BYTES, `${(result.sentBytes / 1e6).toFixed(0)} MB sent`);
    });
  }

  it('a client that stalls mid-body gets the answer and a FIN; the server drops the connection after the linger', async () => {
    // The earlier cases' connections are gone within their own lingers.
    for (let waited = 0; (await adapter.connections()) > 0 && waited < LINGER.ms + 1000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const socket = net.connect({ port: adapter.port, host: '127.0.0.1', allowHalfOpen: true });
    const started = performance.now();
    let answer = '';
    let finMs: number | undefined;
    socket.on('connect', () => socket.write('POST /__fw/apps HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"protocol"'));
    const answered = new Promise((resolve) => socket.once('data', resolve));
    socket.on('data', (d: Buffer) => { answer += d.toString(); });
    socket.on('end', () => { finMs = performance.now() - started; });
    socket.on('error', () => { /* a reset, should the server's close meet our socket */ });
    try {
      await answered;
      // Half-open on our side, and silent: only the linger's bound can end the connection.
      while (performance.now() - started < LINGER.ms - 100) {
        assert.equal(await adapter.connections(), 1, 'still lingering');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      let closedMs: number | undefined;
      while (closedMs === undefined && performance.now() - started < LINGER.ms + 1000) {
        if ((await adapter.connections()) === 0) closedMs = performance.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.match(answer, /^HTTP\/1\.1 401 /);
      assert.ok(finMs !== undefined && finMs < 500, `FIN after ${finMs} ms`);
      assert.ok(closedMs !== undefined && closedMs < LINGER.ms + 900, `server side closed after ${closedMs?.toFixed(0)} ms`);
    } finally {
      socket.destroy();
    }
  });

  it('keeps normal traffic on one keep-alive connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const call = (method: string, path: string, body?: string, headers: http.OutgoingHttpHeaders = {}) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port: adapter.port, method, path, agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      const manifest = JSON.stringify({ protocol: 2, routeFiles: { web: [{ method: 'GET', uri: '/k', handler: { closure: 'text', value: 'k' } }] } });
      const json = { 'content-type': 'application/json', ...AUTH };
      const answers = [
        await call('GET', '/__fw/info', undefined, AUTH),
        await call('POST', '/__fw/apps', manifest, json),
        await call('POST', '/__fw/url', JSON.stringify({ app: 'none', name: 'n', params: {} }), json),
        await call('POST', '/p', 'small body', { 'x-fw-app': app }),
        await call('GET', '/__fw/info', undefined, AUTH),
      ];
      assert.deepEqual(answers.map((a) => a.status), [200, 201, 404, 200, 200]);
      assert.deepEqual(answers.map((a) => a.reused), [false, true, true, true, true]);
    } finally {
      agent.destroy();
    }
  });
});
