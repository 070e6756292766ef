import assert from 'node:assert/strict';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { serve } from '../../src/foundation/serve';
import { Response } from '../../src/http/Response';
import { makeApp } from '../helpers';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(server: Server, method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<Raw> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describe('serve (node:http)', () => {
  let server: Server;
  before(async () => {
    const app = makeApp((router) => {
      router.get('/hello/{name}', (name) => `Hello ${name}`);
      router.post('/echo', () => 'posted');
      router.get('/json', () => ({ ok: true }));
      router.get('/cookies', () => {
        const response = new Response('baked', 200, { 'X-Batch': 7 });
        response.headers.append('Set-Cookie', 'a=1').append('set-cookie', 'b=2');
        return response;
      });
    });
    server = await serve(app, { port: 0, host: '127.0.0.1' });
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('serves responses with Content-Type and Content-Length', async () => {
    const res = await raw(server, 'GET', '/hello/w%C3%B6rld');
    assert.equal(res.status, 200);
    assert.equal(res.body, 'Hello wörld');
    assert.equal(res.headers['content-type'], 'text/html; charset=UTF-8');
    assert.equal(res.headers['content-length'], String(Buffer.byteLength('Hello wörld')));
  });

  it('writes every value of a repeated header, each header once, and its own Content-Length', async () => {
    const res = await raw(server, 'GET', '/cookies');
    assert.equal(res.status, 200);
    assert.deepEqual(res.headers['set-cookie'], ['a=1', 'b=2']);
    assert.equal(res.headers['x-batch'], '7');
    assert.equal(res.headers['content-length'], '5');
    assert.equal(res.body, 'baked');
  });

  it('404 and 405 with Allow over the wire', async () => {
    const notFound = await raw(server, 'GET', '/missing');
    assert.deepEqual([notFound.status, notFound.body], [404, '{"message":"Not Found"}']);
    const notAllowed = await raw(server, 'DELETE', '/json');
    assert.deepEqual([notAllowed.status, notAllowed.headers['allow']], [405, 'GET, HEAD']);
  });

  it('HEAD sends headers only', async () => {
    const res = await raw(server, 'HEAD', '/json');
    assert.equal(res.status, 200);
    assert.equal(res.body, '');
    assert.equal(res.headers['content-length'], '11');
  });

  it('400 for malformed percent-encoding', async () => {
    const res = await raw(server, 'GET', '/hello/%E0%A4%A');
    assert.deepEqual([res.status, res.body], [400, '{"message":"Bad Request"}']);
  });

  it('414 for URIs over 8192 bytes, also between 8 and 16 KiB', async () => {
    const res = await raw(server, 'GET', `/hello/${'x'.repeat(9000)}`);
    assert.deepEqual([res.status, res.body], [414, '{"message":"URI Too Long"}']);
    const big = await raw(server, 'GET', `/hello/${'x'.repeat(20000)}`);
    assert.equal(big.status, 414);
  });

  it('413 for bodies over 1 MiB', async () => {
    const res = await raw(server, 'POST', '/echo', Buffer.alloc(1024 * 1024 + 1, 97));
    assert.equal(res.status, 413);
    assert.equal(res.body, '{"message":"Payload Too Large"}');
    const ok = await raw(server, 'POST', '/echo', Buffer.alloc(1024 * 1024, 97));
    assert.equal(ok.status, 200);
  });
});
