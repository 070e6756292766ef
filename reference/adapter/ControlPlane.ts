import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { AppStore } from './AppStore';
import type { LoadedApp } from './LoadedApp';
import { assertValid } from './SchemaValidator';
import { ProtocolError } from './ProtocolError';
import type { Manifest } from './manifest';
import { CAPABILITIES, IMPLEMENTATION } from './info';

export const CONTROL_PREFIX = '/__fw/';
const MAX_CONTROL_BODY = 1024 * 1024;

export interface ControlPlaneOptions {
  token: string;
  apps: AppStore<LoadedApp>;
  /** Builds a fresh application; throws BootError when the framework refuses it. */
  build(manifest: Manifest): LoadedApp;
}

/** Thrown by the builder when the framework rejects the application (protocol 422 kind boot). */
export class BootError extends Error {}

/** The protocol-2 control plane (docs/adapter-protocol.md §2). */
export class ControlPlane {
  constructor(private readonly options: ControlPlaneOptions) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      this.authorize(req);
      const call = (req.url ?? '').slice(CONTROL_PREFIX.length).split('?')[0];
      const method = req.method ?? 'GET';
      if (call === 'info' && method === 'GET') {
        return send(res, 200, { protocol: 2, implementation: IMPLEMENTATION, capabilities: CAPABILITIES });
      }
      if (call === 'apps' && method === 'POST') return send(res, 201, this.load(await readJson(req)));
      if (call === 'url' && method === 'POST') return send(res, 200, this.url(await readJson(req)));
      const deleting = /^apps\/([A-Za-z0-9_-]{1,64})$/.exec(call);
      if (deleting && method === 'DELETE') {
        if (!this.options.apps.delete(deleting[1])) throw unknownApp(deleting[1]);
        res.writeHead(204).end();
        return;
      }
      throw new ProtocolError(404, 'not-found', `no control call ${method} ${CONTROL_PREFIX}${call}`);
    } catch (err) {
      const error = err instanceof ProtocolError ? err : new ProtocolError(500, 'internal', String((err as Error).message ?? err));
      send(res, error.status, error.toJSON());
    }
  }

  private authorize(req: IncomingMessage): void {
    const given = Buffer.from(req.headers.authorization ?? '');
    const wanted = Buffer.from(`Bearer ${this.options.token}`);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      throw new ProtocolError(401, 'auth', 'missing or wrong token: send Authorization: Bearer <TOKEN>');
    }
  }

  private load(body: unknown): { app: string; routes: number } {
    assertValid('manifest', body);
    const manifest = body as Manifest;
    for (const list of ['bootstrap', 'providers'] as const) {
      (manifest[list] ?? []).forEach((file, i) => {
        if (!(file in manifest.routeFiles)) {
          throw new ProtocolError(400, 'manifest', `${list}[${i}] names the route file "${file}", which routeFiles does not define`, { pointer: `/${list}/${i}` });
        }
      });
    }
    let app: LoadedApp;
    try {
      app = this.options.build(manifest);
    } catch (err) {
      if (err instanceof BootError) throw new ProtocolError(422, 'boot', err.message);
      throw err;
    }
    return { app: this.options.apps.add(app), routes: app.routeCount };
  }

  private url(body: unknown): { url: string } {
    assertValid('url-request', body);
    const request = body as { app: string; name: string; params: Record<string, unknown> };
    const app = this.options.apps.get(request.app);
    if (!app) throw unknownApp(request.app);
    try {
      return { url: app.url(request.name, request.params) };
    } catch (err) {
      throw new ProtocolError(422, 'url', (err as Error).message);
    }
  }
}

export function unknownApp(id: string): ProtocolError {
  return new ProtocolError(404, 'app', `no application is loaded under the id "${id}"`);
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_CONTROL_BODY) throw new ProtocolError(400, 'manifest', 'the body is larger than 1 MiB', { pointer: '' });
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ProtocolError(400, 'manifest', 'the body is not valid JSON', { pointer: '' });
  }
}
