import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../../src/http/HttpError';
import { Request } from '../../src/http/Request';

function nodeMessage(body: string | Buffer, headers: Record<string, string> = {}, url = '/x'): IncomingMessage {
  const stream = Readable.from([Buffer.from(body)]) as unknown as IncomingMessage;
  Object.assign(stream, { method: 'POST', url, headers });
  return stream;
}

describe('Request', () => {
  it('splits the raw target into path and query without decoding the path', () => {
    const r = Request.create('get', '/a%20b/c?x=1&y=%20');
    assert.equal(r.method, 'GET');
    assert.equal(r.path, '/a%20b/c');
    assert.equal(r.queryString, 'x=1&y=%20');
    assert.deepEqual({ ...r.query }, { x: '1', y: ' ' });
  });

  it('accepts absolute-form targets and drops fragments', () => {
    assert.equal(Request.create('GET', 'http://example.com/p?q=1').path, '/p');
    assert.equal(Request.create('GET', 'https://example.com').path, '/');
    assert.equal(Request.create('GET', 'http://example.com?x=1').path, '/');
    assert.equal(Request.create('GET', 'http://example.com?x=1').queryString, 'x=1');
    assert.equal(Request.create('GET', '/p#frag').path, '/p');
  });

  it('parses the query like PHP: + is a space, last key wins, key[] collects', () => {
    const r = Request.create('GET', '/?a=1&a=2&t[]=x&t[]=y&s=a+b&flag&bad=%zz');
    assert.deepEqual({ ...r.query }, { a: '2', t: ['x', 'y'], s: 'a b', flag: '', bad: '%zz' });
  });

  it('normalizes header names and joins repeated values', () => {
    const r = Request.create('GET', '/', { headers: { 'X-Thing': ['a', 'b'], Accept: 'text/html', Skip: undefined } });
    assert.equal(r.header('x-thing'), 'a, b');
    assert.equal(r.header('ACCEPT'), 'text/html');
    assert.equal(r.header('skip'), undefined);
  });

  it('parses JSON bodies, including +json media types', () => {
    const r = Request.create('POST', '/', { body: '{"a":1}', headers: { 'content-type': 'application/json; charset=utf-8' } });
    assert.deepEqual(r.body, { a: 1 });
    assert.ok(r.isJson());
    const p = Request.create('POST', '/', { body: '{"b":2}', headers: { 'content-type': 'application/vnd.api+json' } });
    assert.deepEqual(p.body, { b: 2 });
  });

  it('a malformed JSON body is a 400 when read', () => {
    const r = Request.create('POST', '/', { body: '{oops', headers: { 'content-type': 'application/json' } });
    assert.throws(() => r.body, (e: unknown) => e instanceof HttpError && e.status === 400);
  });

  it('parses urlencoded form bodies', () => {
    const r = Request.create('POST', '/', { body: 'name=Ada+L&tags[]=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assert.deepEqual({ ...(r.body as object) }, { name: 'Ada L', tags: ['x'] });
  });

  it('takes an already-parsed object as a JSON body', () => {
    const r = Request.create('POST', '/', { body: { a: [1, 2] } });
    assert.deepEqual(r.body, { a: [1, 2] });
    assert.equal(r.rawBody.toString(), '{"a":[1,2]}');
  });

  it('input merges query and body, the body winning', () => {
    const r = Request.create('POST', '/?a=q&b=q', { body: { b: 'body', c: 3 } });
    assert.deepEqual(r.all(), { a: 'q', b: 'body', c: 3 });
    assert.equal(r.input('b'), 'body');
    assert.equal(r.input('zz', 'fallback'), 'fallback');
    assert.ok(r.has('a'));
    assert.ok(!r.has('zz'));
  });

  it('has an attributes map for per-request state', () => {
    const r = Request.create('GET', '/');
    r.attributes.set('trace', ['x']);
    assert.deepEqual(r.attributes.get('trace'), ['x']);
  });

  it('reads a node:http request with its body', async () => {
    const r = await Request.fromNode(nodeMessage('{"x":1}', { 'content-type': 'application/json' }, '/in?q=1'));
    assert.equal(r.method, 'POST');
    assert.equal(r.path, '/in');
    assert.deepEqual(r.body, { x: 1 });
  });

  it('enforces the body limit with a 413', async () => {
    await assert.rejects(() => Request.fromNode(nodeMessage('x'.repeat(11)), { bodyLimit: 10 }), (e: unknown) => e instanceof HttpError && e.status === 413);
    await assert.rejects(
      () => Request.fromNode(nodeMessage('', { 'content-length': '99999999' }), { bodyLimit: 10 }),
      (e: unknown) => e instanceof HttpError && e.status === 413,
    );
    const ok = await Request.fromNode(nodeMessage('x'.repeat(10)), { bodyLimit: 10 });
    assert.equal(ok.rawBody.length, 10);
  });
});
