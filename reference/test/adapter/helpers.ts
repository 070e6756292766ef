import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createAdapterServer } from '../../adapter/AdapterServer';
import type { AppStoreLimits } from '../../adapter/AppStore';
import { buildApplication } from '../../adapter/buildApplication';

export const TOKEN = 'test-token';
export const AUTH = { authorization: `Bearer ${TOKEN}` };

export interface RunningAdapter {
  readonly port: number;
  readonly url: string;
  /** Connections the server holds open right now. */
  connections(): Promise<number>;
  close(): Promise<void>;
}

/** The reference adapter in this process, on a free loopback port. */
export async function startAdapter(store?: AppStoreLimits): Promise<RunningAdapter> {
  const server = createAdapterServer({ token: TOKEN, build: buildApplication, ...(store ? { store } : {}) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    connections: () => new Promise((resolve, reject) => server.getConnections((err, n) => (err ? reject(err) : resolve(n)))),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
  readonly json: unknown;
}

/** One request on a fresh connection. */
export function request(port: number, method: string, path: string, body?: unknown, headers: http.OutgoingHttpHeaders = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers: {
      ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
      ...headers,
    } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try { json = JSON.parse(text); } catch { json = undefined; }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export interface EndlessResult {
  /** First bytes of the answer (its status line and headers). */
  readonly head: string;
  readonly answeredMs: number | undefined;
  /** When the server ended the connection; undefined when it was still open at the deadline. */
  readonly closedMs: number | undefined;
  /** Bytes the client managed to write (kernel buffers included). */
  readonly sentBytes: number;
}

/**
 * Sends a request head, then an endless chunked body as fast as the server takes it, until the
 * server closes the connection or `deadlineMs` passes.
 */
export function endlessBody(port: number, head: string, deadlineMs: number): Promise<EndlessResult> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    const started = performance.now();
    let sentBytes = 0;
    let answer = '';
    let answeredMs: number | undefined;
    let done = false;
    const finish = (closedMs: number | undefined): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ head: answer.split('\r\n\r\n')[0] ?? '', answeredMs, closedMs, sentBytes });
    };
    const pump = (): void => {
      while (!done && !socket.destroyed && socket.write(frame)) sentBytes += frame.length;
    };
    socket.on('connect', () => {
      socket.write(`${head}Transfer-Encoding: chunked\r\n\r\n`);
      pump();
    });
    socket.on('drain', pump);
    socket.on('data', (d: Buffer) => {
      answeredMs ??= performance.now() - started;
      if (answer.length < 4096) answer += d.toString('latin1');
    });
    socket.on('error', () => { /* a reset is how some closes arrive */ });
    socket.on('close', () => finish(performance.now() - started));
    const timer = setTimeout(() => finish(undefined), deadlineMs);
  });
}

/** Groups nested `depth` deep around one text route, as a manifest. */
export function nestedGroups(depth: number): unknown {
  let statement: unknown = { method: 'GET', uri: '/x', handler: { closure: 'text', value: 'x' } };
  for (let i = 0; i < depth; i += 1) statement = { group: { prefix: 'p' }, routes: [statement] };
  return { protocol: 2, routeFiles: { web: [statement] } };
}

/** `resources` resources (7 routes each) plus `routes` plain routes. */
export function manyRoutes(resources: number, routes = 0): unknown {
  const web: unknown[] = [];
  for (let i = 0; i < resources; i += 1) web.push({ resource: `r${i}`, controller: 'PhotoController' });
  for (let i = 0; i < routes; i += 1) web.push({ method: 'GET', uri: `/x${i}`, handler: { closure: 'text', value: 'x' } });
  return { protocol: 2, routeFiles: { web } };
}
