// adapter/main.ts: a protocol-2 adapter for a TypeScript framework, written by `fw-conformance init
// --lang ts`. The runner starts it with PORT, TOKEN and HOST in the environment:
//   npx fw-conformance --check-adapter --start adapter/start.sh
// Framework-neutral: your framework enters through adapter/framework.ts alone; the probe catalog
// is adapter/catalog.ts, every entry a stub until ported.
import * as http from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { buildApp, BootError, type App } from './build.js';
import { CAPABILITIES } from './catalog.js';
import { firstManifestError, firstUrlRequestError, type Manifest } from './manifest.js';
import { runTraced, TRACE_HEADER } from './trace.js';

const IMPLEMENTATION = { name: 'my-framework', version: '1.0.0', language: 'TypeScript' };   // YOUR FRAMEWORK
const CONTROL = '/__fw/';
const MAX_BODY = 1024 * 1024;

const token = process.env.TOKEN ?? '';
const apps = new Map<string, App>();

class ProtocolError extends Error {
  constructor(readonly status: number, readonly kind: string, message: string, readonly pointer?: string) {
    super(message);
  }
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers });
  res.end(text);
}

function fail(res: http.ServerResponse, error: ProtocolError, headers: Record<string, string> = {}): void {
  send(res, error.status, { error: { kind: error.kind, message: error.message, ...(error.pointer === undefined ? {} : { pointer: error.pointer }) } }, headers);
}

async function readJson(req: http.IncomingMessage): Promise<{ raw: string; value: unknown }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new ProtocolError(400, 'manifest', 'the body is larger than 1 MiB', '');
    chunks.push(chunk);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  try {
    return { raw, value: JSON.parse(raw) };
  } catch {
    throw new ProtocolError(400, 'manifest', 'the body is not valid JSON', '');
  }
}

function authorized(req: http.IncomingMessage): boolean {
  const given = Buffer.from(req.headers.authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return token !== '' && given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** §2: the control plane. */
async function control(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (!authorized(req)) throw new ProtocolError(401, 'auth', 'missing or wrong token: send Authorization: Bearer <TOKEN>');
  const call = (req.url ?? '').slice(CONTROL.length).split('?')[0];
  const method = req.method ?? 'GET';
  // Add `concurrency: 8` (§2.2) once requests to different applications can run at the same time
  // without one seeing another's: the runner then runs that many scenarios at once.
  if (method === 'GET' && call === 'info') return send(res, 200, { protocol: 2, implementation: IMPLEMENTATION, capabilities: CAPABILITIES });
  if (method === 'POST' && call === 'apps') {
    const { value } = await readJson(req);
    const bad = firstManifestError(value);
    if (bad) throw new ProtocolError(400, 'manifest', bad.message, bad.pointer);
    let app: App;
    try {
      app = buildApp(value as Manifest);
    } catch (err) {
      if (err instanceof BootError) throw new ProtocolError(422, 'boot', err.message);   // the framework's own words
      throw err;
    }
    const id = randomBytes(8).toString('hex');
    apps.set(id, app);
    return send(res, 201, { app: id, routes: app.routes });
  }
  if (method === 'POST' && call === 'url') {
    const { value } = await readJson(req);
    const bad = firstUrlRequestError(value);
    if (bad) throw new ProtocolError(400, 'manifest', bad.message, bad.pointer);
    const request = value as { app: string; name: string; params: Record<string, unknown> };
    const app = apps.get(request.app);
    if (!app) throw new ProtocolError(404, 'app', `no application is loaded under the id "${request.app}"`);
    try {
      return send(res, 200, { url: app.url(request.name, request.params) });
    } catch (err) {
      throw new ProtocolError(422, 'url', (err as Error).message);
    }
  }
  const deleting = /^apps\/([A-Za-z0-9_-]{1,64})$/.exec(call);
  if (method === 'DELETE' && deleting) {
    if (!apps.delete(deleting[1])) throw new ProtocolError(404, 'app', `no application is loaded under the id "${deleting[1]}"`);
    return send(res, 204, undefined);
  }
  throw new ProtocolError(404, 'not-found', `no control call ${method} ${CONTROL}${call}`);
}

const server = http.createServer((req, res) => {
  if ((req.url ?? '').startsWith(CONTROL)) {
    control(req, res).catch((err: unknown) => {
      const error = err instanceof ProtocolError ? err : new ProtocolError(500, 'internal', String((err as Error)?.message ?? err));
      fail(res, error);
    });
    return;
  }
  // §3: an application request, passed to the framework untouched; X-Fw-Trace is added when the
  // framework writes its head, as the trace is complete only then.
  const id = req.headers['x-fw-app'];
  const app = typeof id === 'string' ? apps.get(id) : undefined;
  if (!app) return fail(res, new ProtocolError(404, 'app', `no application is loaded under the id "${String(id ?? '')}"`), { 'X-Fw-Error': 'app' });
  const trace: string[] = [];
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    res.setHeader(TRACE_HEADER, trace.join(','));
    return writeHead(...args);
  }) as typeof res.writeHead;
  runTraced(trace, res, async () => app.serve(req, res)).catch((err: unknown) => {
    process.stderr.write(`adapter: failed serving ${req.method} ${req.url}: ${String(err)}\n`);
    if (!res.headersSent) fail(res, new ProtocolError(500, 'internal', 'the adapter failed'), { 'X-Fw-Error': 'internal' });
    else res.destroy();
  });
});

const stop = (): void => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);   // §1: exit 0 when the runner stops the adapter
process.on('SIGINT', stop);
server.listen(Number(process.env.PORT ?? 8181), process.env.HOST ?? '127.0.0.1');
