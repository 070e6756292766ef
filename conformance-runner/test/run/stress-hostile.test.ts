import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { hookAnswers } from '../../../scripts/stress/answerHook';
import { MODES } from '../../../scripts/stress/hostileAdapter';

/** A server whose handler answers like the reference adapter: writeHead wrapped (the trace), then writeHead + end, or setHeader + write + end. */
function server(): http.Server {
  return http.createServer((req, res) => {
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
    res.writeHead = ((...args: unknown[]) => {
      res.setHeader('x-fw-trace', 'action:EchoController@string');
      return writeHead(...args);
    }) as typeof res.writeHead;
    if (req.url === '/__fw/info') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 11 });
      res.end('{"info":1}\n');
    } else if (req.url === '/list') {
      // The reference's writeResponse hands writeHead a flat list of names and values.
      res.writeHead(200, ['content-type', 'text/plain', 'x-probe', 'list']);
      res.end('listed');
    } else if (req.url?.startsWith('/echo')) {
      const text = '{"action":"EchoController@string","params":{}}';
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    } else {
      res.statusCode = 404;
      res.setHeader('content-type', 'text/plain');
      res.write('no');
      res.end(Buffer.from(' route'));
    }
  });
}

async function get(port: number, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    }).on('error', reject);
  });
}

describe('scripts/stress: the hostile adapter rewrites the reference adapter\'s answers in its own process', () => {
  it('each answer reaches the rewrite whole, with the headers the handler set, and leaves as rewritten', async () => {
    const s = server();
    const seen: string[] = [];
    hookAnswers(s, (req, answer) => {
      const body = Buffer.concat(Array.isArray(answer.body) ? answer.body : [answer.body]).toString('utf8');
      seen.push(`${req.control ? 'control' : 'app'} ${req.path} ${answer.status} ${answer.headers['x-fw-trace']} ${answer.headers['content-length'] ?? '-'} ${body}`);
      return req.control ? answer : { ...answer, status: 201, body: [Buffer.from('['), Buffer.from(body), Buffer.from(']')] };
    });
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const port = (s.address() as AddressInfo).port;
    try {
      const info = await get(port, '/__fw/info');
      assert.deepEqual([info.status, info.body, info.headers['content-length']], [200, '{"info":1}\n', '11']);
      const echo = await get(port, '/echo?x=1');
      assert.equal(echo.status, 201);
      assert.equal(echo.body, '[{"action":"EchoController@string","params":{}}]');
      assert.equal(echo.headers['content-length'], String(Buffer.byteLength(echo.body)));
      assert.equal(echo.headers['x-fw-trace'], 'action:EchoController@string');
      const listed = await get(port, '/list');
      assert.deepEqual([listed.body, listed.headers['content-type'], listed.headers['x-probe']], ['[listed]', 'text/plain', 'list'], 'headers given to writeHead as a list are kept');
      const other = await get(port, '/other');
      assert.deepEqual([other.status, other.body, other.headers['content-type']], [201, '[no route]', 'text/plain']);
      assert.deepEqual(seen, [
        'control /__fw/info 200 action:EchoController@string - {"info":1}\n',
        'app /echo 200 action:EchoController@string - {"action":"EchoController@string","params":{}}',
        'app /list 200 action:EchoController@string - listed',
        'app /other 404 undefined - no route',
      ]);
    } finally {
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  });

  it('long-strings makes an echo a million characters longer and still JSON; the control plane is left alone', () => {
    const echo = { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"action":"EchoController@string","params":{}}') };
    const out = MODES['long-strings']!({ method: 'GET', path: '/e', control: false }, echo) as typeof echo & { body: Buffer[] };
    const text = Buffer.concat(out.body as Buffer[]).toString('utf8');
    assert.equal(text.length, echo.body.length + 1_000_000);
    assert.match((JSON.parse(text) as { action: string }).action, /^x{1000000}EchoController@string$/);
    assert.equal(MODES['long-strings']!({ method: 'GET', path: '/__fw/info', control: true }, echo), echo);
  });
});
