import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HeaderBag } from '../../src/http/HeaderBag';
import { HttpError } from '../../src/http/HttpError';
import { JsonResponse } from '../../src/http/JsonResponse';
import { RedirectResponse } from '../../src/http/RedirectResponse';
import { Response } from '../../src/http/Response';

describe('Response', () => {
  it('defaults to 200, empty body, text/html; charset=UTF-8', () => {
    const r = new Response();
    assert.equal(r.status, 200);
    assert.equal(r.text(), '');
    assert.equal(r.headers.get('content-type'), 'text/html; charset=UTF-8');
  });

  it('keeps an explicit Content-Type and any other headers', () => {
    const r = new Response('x', 201, { 'content-type': 'text/plain', 'X-A': 1 });
    assert.equal(r.headers.get('Content-Type'), 'text/plain');
    assert.equal(r.headers.get('x-a'), '1');
    assert.equal(r.status, 201);
  });

  it('computes the byte length of the body', () => {
    assert.equal(new Response('é').byteLength(), 2);
    assert.equal(new Response(new Uint8Array([1, 2, 3])).byteLength(), 3);
  });

  it('rejects impossible status codes', () => {
    assert.throws(() => new Response('', 42), RangeError);
  });
});

describe('JsonResponse', () => {
  it('serializes data once with application/json', () => {
    const r = new JsonResponse({ a: 1 }, 201, { 'X-B': 'b' });
    assert.equal(r.text(), '{"a":1}');
    assert.equal(r.status, 201);
    assert.equal(r.headers.get('content-type'), 'application/json');
    assert.equal(r.headers.get('x-b'), 'b');
    assert.deepEqual(r.json(), { a: 1 });
  });

  it('defaults to an empty array; a value with no JSON form becomes null', () => {
    assert.equal(new JsonResponse().text(), '[]');
    assert.equal(new JsonResponse(() => 1).text(), 'null', 'a value with no JSON form');
  });
});

describe('RedirectResponse', () => {
  it('sets Location, defaults to 302 and escapes the HTML body', () => {
    const r = new RedirectResponse('/to?a=1&b="2"');
    assert.equal(r.status, 302);
    assert.equal(r.headers.get('location'), '/to?a=1&b="2"');
    assert.match(r.text(), /&amp;b=&quot;2&quot;/);
  });

  it('only accepts 3xx statuses', () => {
    assert.equal(new RedirectResponse('/x', 301).status, 301);
    assert.throws(() => new RedirectResponse('/x', 200), RangeError);
  });
});

describe('HeaderBag', () => {
  it('is case-insensitive and keeps the first spelling', () => {
    const h = new HeaderBag({ 'Content-Type': 'a' });
    h.set('content-type', 'b');
    assert.deepEqual(h.toObject(), { 'content-type': 'b' });
    h.append('Set-Cookie', 'x=1').append('set-cookie', 'y=2');
    assert.deepEqual(h.getAll('SET-COOKIE'), ['x=1', 'y=2']);
    assert.equal(h.get('set-cookie'), 'x=1, y=2');
    assert.deepEqual(h.toObject()['Set-Cookie'], ['x=1', 'y=2']);
    assert.ok(h.delete('set-cookie').has('content-type'));
    assert.ok(!h.has('set-cookie'));
  });
});

describe('HttpError', () => {
  it('renders {"message"} with its status and headers', () => {
    const r = new HttpError(405, undefined, { Allow: 'GET' }).toResponse();
    assert.equal(r.status, 405);
    assert.equal(r.text(), '{"message":"Method Not Allowed"}');
    assert.equal(r.headers.get('allow'), 'GET');
    assert.equal(new HttpError(418).message, 'Error');
    assert.equal(new HttpError(400, 'Custom').toResponse().text(), '{"message":"Custom"}');
  });
});
