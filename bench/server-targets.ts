/**
 * The servers of `npm run bench:server`, one per child process so the load
 * generator never shares an event loop with the server it measures.
 *
 * Every target serves the same six answers: same status and body, same media
 * type, same Allow, and X-Response-Time where expected (the parent checks this
 * before timing; Fastify appends "; charset=utf-8" to JSON, which it may keep):
 *
 *   GET    /photos         static route, JSON list from a repository
 *   GET    /users/{id}     digits-only parameter, JSON {"id":42,"name":"User 42"}
 *   GET    /hello/{name}   text/html "Hello, <name>!" (HTML-escaped)
 *   GET    /nothing/here   404 {"message":"Not Found"}
 *   DELETE /users/42       405 {"message":"Method Not Allowed"}, Allow: GET, HEAD
 *   GET    /api/ping       {"pong":true} through one middleware adding X-Response-Time
 *
 * The reference target is the example application itself (reference/example),
 * as `npm run reference` serves it. The others are written the way a user of
 * each framework would write them; where a framework has no 405 of its own
 * (Fastify, Hono, node:http) the 405 is an explicit route, which is the
 * cheapest way to get it and so the hardest bar for the reference.
 *
 * Run by bench/server.ts: `node -r ./scripts/register.js bench/server-targets.ts <target>`;
 * prints `listening <port>` once ready (port 0: the OS picks a free one).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../reference/src/http/escapeHtml';

const PHOTOS = [
  { id: 1, title: 'Sunrise', url: 'https://example.com/sunrise.jpg' },
  { id: 2, title: 'Harbour', url: 'https://example.com/harbour.jpg', caption: 'Low tide' },
];
const JSON_TYPE = 'application/json';
const HTML_TYPE = 'text/html; charset=UTF-8';
const NOT_FOUND = JSON.stringify({ message: 'Not Found' });
const NOT_ALLOWED = JSON.stringify({ message: 'Method Not Allowed' });
const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

function responseTime(started: bigint): string {
  return `${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(3)}ms`;
}

function announce(port: number): void {
  process.stdout.write(`listening ${port}\n`);
}

// The parent asks for this process's CPU time around each measurement (user + system, µs).
process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpu: user + system });
  }
});
process.channel?.unref();

async function reference(): Promise<void> {
  const { serve } = await import('../reference/src');
  const { createApplication } = await import('../reference/example/bootstrap/app');
  const server = await serve(createApplication(), { port: 0, host: '127.0.0.1' });
  announce((server.address() as AddressInfo).port);
}

async function fastify(): Promise<void> {
  const Fastify = (await import('fastify')).default;
  const app = Fastify({ logger: false });
  app.get('/photos', async () => PHOTOS);
  app.get<{ Params: { id: string } }>('/users/:id(^\\d+$)', async (request) => {
    const id = Number(request.params.id);
    return { id, name: `User ${id}` };
  });
  app.route({ method: [...OTHER_METHODS], url: '/users/:id(^\\d+$)', handler: async (_request, reply) => {
    reply.code(405).header('Allow', 'GET, HEAD').header('content-type', JSON_TYPE).send(NOT_ALLOWED);
  } });
  app.get<{ Params: { name: string } }>('/hello/:name', async (request, reply) => {
    reply.type(HTML_TYPE);
    return `Hello, ${escapeHtml(request.params.name)}!`;
  });
  app.get('/api/ping', {
    onRequest: (request, _reply, done) => {
      (request as unknown as { started: bigint }).started = process.hrtime.bigint();
      done();
    },
    onSend: (request, reply, payload, done) => {
      reply.header('X-Response-Time', responseTime((request as unknown as { started: bigint }).started));
      done(null, payload);
    },
  }, async () => ({ pong: true }));
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).header('content-type', JSON_TYPE).send(NOT_FOUND);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  announce((app.server.address() as AddressInfo).port);
}

async function hono(): Promise<void> {
  const { Hono } = await import('hono');
  const { serve } = await import('@hono/node-server');
  const app = new Hono();
  app.get('/photos', (c) => c.json(PHOTOS));
  app.get('/users/:id{[0-9]+}', (c) => {
    const id = Number(c.req.param('id'));
    return c.json({ id, name: `User ${id}` });
  });
  app.on([...OTHER_METHODS], '/users/:id{[0-9]+}', (c) => c.body(NOT_ALLOWED, 405, { 'Content-Type': JSON_TYPE, Allow: 'GET, HEAD' }));
  app.get('/hello/:name', (c) => c.body(`Hello, ${escapeHtml(c.req.param('name'))}!`, 200, { 'Content-Type': HTML_TYPE }));
  app.use('/api/ping', async (c, next) => {
    const started = process.hrtime.bigint();
    await next();
    c.header('X-Response-Time', responseTime(started));
  });
  app.get('/api/ping', (c) => c.json({ pong: true }));
  app.notFound((c) => c.body(NOT_FOUND, 404, { 'Content-Type': JSON_TYPE }));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => announce(info.port));
  void server;
}

/** Bare node:http: a hand-written dispatcher, the floor every framework adds to. */
async function node(): Promise<void> {
  const send = (out: ServerResponse, status: number, type: string, body: string, extra?: Record<string, string>): void => {
    out.writeHead(status, { 'Content-Type': type, ...extra, 'Content-Length': Buffer.byteLength(body) });
    out.end(body);
  };
  const USER = /^\/users\/([0-9]+)$/;
  const server = createServer((request: IncomingMessage, out: ServerResponse) => {
    const url = request.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const get = request.method === 'GET' || request.method === 'HEAD';
    if (path === '/photos' && get) return send(out, 200, JSON_TYPE, JSON.stringify(PHOTOS));
    const user = USER.exec(path);
    if (user !== null) {
      if (!get) return send(out, 405, JSON_TYPE, NOT_ALLOWED, { Allow: 'GET, HEAD' });
      const id = Number(user[1]);
      return send(out, 200, JSON_TYPE, JSON.stringify({ id, name: `User ${id}` }));
    }
    if (path.startsWith('/hello/') && path.indexOf('/', 7) === -1 && path.length > 7 && get) {
      return send(out, 200, HTML_TYPE, `Hello, ${escapeHtml(decodeURIComponent(path.slice(7)))}!`);
    }
    if (path === '/api/ping' && get) {
      const started = process.hrtime.bigint();
      const body = JSON.stringify({ pong: true });
      return send(out, 200, JSON_TYPE, body, { 'X-Response-Time': responseTime(started) });
    }
    return send(out, 404, JSON_TYPE, NOT_FOUND);
  });
  server.listen(0, '127.0.0.1', () => announce((server.address() as AddressInfo).port));
}

const TARGETS: Record<string, () => Promise<void>> = { reference, fastify, hono, node };
const target = TARGETS[process.argv[2] ?? ''];
if (target === undefined) {
  process.stderr.write(`usage: server-targets.ts ${Object.keys(TARGETS).join('|')}\n`);
  process.exit(2);
}
target().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
