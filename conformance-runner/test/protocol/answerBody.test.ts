import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { AdapterClient } from '../../src/protocol';
import { answerBound, describeClipped, readAnswer } from '../../src/protocol/answerBody';
import { BodyTooLargeError, LIMITS } from '../../src/protocol/limits';

const KIB = 1024;

/** A body of `count` chunks of `size` bytes of `fill`, counting how many chunks were pulled and whether it was destroyed. */
function counted(count: number, size: number, fill = 'x'): { stream: Readable; pulled: () => number; destroyed: () => boolean } {
  let pulled = 0;
  const stream = Readable.from((function* () {
    for (let i = 0; i < count; i++) {
      pulled++;
      yield Buffer.alloc(size, fill);
    }
  })());
  return { stream, pulled: () => pulled, destroyed: () => stream.destroyed };
}

describe('answerBody: an application answer is read as far as its request justifies', () => {
  it('the bound is 64 KiB plus six bytes per byte the request sent, at most the 1 MiB read limit', () => {
    assert.equal(answerBound('/a', undefined), LIMITS.answerBodyBytes + 12);
    assert.equal(answerBound('/é', 'ab'), LIMITS.answerBodyBytes + 6 * (3 + 2));
    assert.equal(answerBound('/upload', 'x'.repeat(1024 * 1024)), LIMITS.responseBodyBytes);
  });

  it('a body within the bound is read whole', async () => {
    const body = counted(4, 16 * KIB);
    assert.deepEqual(await readAnswer(body.stream, 64 * KIB, 64 * KIB), { text: 'x'.repeat(64 * KIB) });
  });

  it('a declared size over the bound: only the head shown is read, then the stream is destroyed', async () => {
    const body = counted(64, 16 * KIB);
    const read = await readAnswer(body.stream, 64 * KIB, 64 * 16 * KIB);
    assert.deepEqual(read.clipped, { bytes: 64 * 16 * KIB, bound: 64 * KIB });
    assert.equal(read.text, 'x'.repeat(LIMITS.storedBodyBytes));
    assert.equal(body.pulled(), 1, 'one chunk holds the head');
    assert.ok(body.destroyed(), 'the rest is not read: the connection goes with the stream');
  });

  it('a body of unknown size over the bound is read to its end to learn its size, and only its head kept', async () => {
    const body = counted(10, 16 * KIB);
    const read = await readAnswer(body.stream, 64 * KIB);
    assert.deepEqual(read.clipped, { bytes: 160 * KIB, bound: 64 * KIB });
    assert.equal(read.text.length, LIMITS.storedBodyBytes);
    assert.equal(body.pulled(), 10);
  });

  it('past the read limit it is an adapter error, declared or not', async () => {
    await assert.rejects(readAnswer(counted(3, 8).stream, 4, undefined, 16), BodyTooLargeError);
    await assert.rejects(readAnswer(counted(3, 8).stream, 4, 24, 16), BodyTooLargeError);
  });

  it('the head is cut on a character boundary', async () => {
    // 'é' is two bytes: 8,191 bytes of 'a' and then one 'é' put the cut inside it.
    const stream = Readable.from([Buffer.from(`${'a'.repeat(LIMITS.storedBodyBytes - 1)}${'é'.repeat(40_000)}`)]);
    const read = await readAnswer(stream, 64 * KIB);
    assert.equal(read.text, 'a'.repeat(LIMITS.storedBodyBytes - 1));
  });

  it('says what a clipped answer is, and where the limit is stated', () => {
    assert.equal(describeClipped({ bytes: 1_000_085, bound: 65_572 }),
      'a body of 1,000,085 bytes, larger than an answer to this request may be (65,572 bytes, docs/adapter-protocol.md "Limits of the runner"): only its first 8 KiB kept');
  });
});

describe('AdapterClient: answers larger than their request justifies', () => {
  it('an application answer is clipped and its connection dropped; the control plane is read whole; the next request is served', async () => {
    const big = 'x'.repeat(1_000_000);
    const info = { protocol: 2, implementation: { name: 'n'.repeat(200 * KIB), version: '1', language: 'JavaScript' }, capabilities: ['routing'] };
    const sockets = new Map<string, unknown>();
    const server = http.createServer((req, res) => {
      sockets.set(req.url ?? '', req.socket);
      const text = req.url === '/__fw/info' ? JSON.stringify(info) : req.url === '/big' ? big : 'small';
      res.writeHead(200, { 'content-type': req.url === '/__fw/info' ? 'application/json' : 'text/plain', 'content-length': String(text.length) });
      res.end(text);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new AdapterClient({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't', capabilities: ['routing'] });
    try {
      const res = await client.send('app', { method: 'GET', path: '/big' });
      assert.deepEqual(res.clipped, { bytes: 1_000_000, bound: LIMITS.answerBodyBytes + 6 * 4 });
      assert.equal(res.body, 'x'.repeat(LIMITS.storedBodyBytes));
      const exchange = client.exchanges.at(-1)!;
      assert.equal(exchange.responseBodyBytes, 1_000_000);
      assert.equal(exchange.responseBody!.length, LIMITS.storedBodyBytes);
      assert.equal(exchange.error, undefined, 'a clipped answer is an answer');
      const next = await client.send('app', { method: 'GET', path: '/small' });
      assert.equal(next.body, 'small');
      assert.equal(next.clipped, undefined);
      assert.notEqual(sockets.get('/small'), sockets.get('/big'), 'the clipped answer\'s connection was closed, not read to its end and kept');
      // 200 KiB of name: over an application answer's bound, read whole (then clipped for show) on the control plane.
      assert.match((await client.info()).implementation.name, /… \(204,800 characters, clipped to 200\)$/);
    } finally {
      await client.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
