import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { AppStore } from './AppStore';
import type { LoadedApp } from './LoadedApp';
import { assertValid } from './SchemaValidator';
import { ProtocolError } from './ProtocolError';
import type { Manifest } from './manifest';
import { CAPABILITIES, CONCURRENCY, IMPLEMENTATION } from './info';
import { closeIfUnread } from '../src/http/earlyAnswer';
import { assertConstraintWork } from './constraintWork';
import { appWeight, assertRouteCount, assertShallow, assertShallowManifest, LIMITS } from './limits';

export const CONTROL_PREFIX = '/__fw/';
const UNLOAD_HEADER = 'x-fw-unload';

export interface ControlPlaneOptions {
  token: string;
  apps: AppStore<LoadedApp>;
  /** Builds a fresh application; throws BootError when the framework refuses it. */
  build(manifest: Manifest): LoadedApp;
}

/** Thrown by the builder when the framework rejects the application (protocol 422 kind boot). */
export class BootError extends Error {}

interface Body {
  readonly value: unknown;
  readonly bytes: number;
}

/** The protocol-2 control plane (docs/adapter-protocol.md §2). */
export class ControlPlane {
  constructor(private readonly options: ControlPlaneOptions) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      this.authorize(req);
      const call = (req.url ?? '').slice(CONTROL_PREFIX.length).split('?')[0];
      const method = req.method ?? 'GET';
      if (call === 'info' && method === 'GET') {
        return send(res, 200, { protocol: 2, implementation: IMPLEMENTATION, capabilities: CAPABILITIES, unloadWithLoad: true, urlBatches: true, concurrency: CONCURRENCY });
      }
      if (call === 'apps' && method === 'POST') {
        this.unloadNamed(req.headers[UNLOAD_HEADER]);
        return send(res, 201, this.load(await readJson(req, assertShallowManifest)));
      }
      if (call === 'url' && method === 'POST') return send(res, 200, this.url((await readJson(req, assertShallow)).value));
      if (call === 'urls' && method === 'POST') return send(res, 200, this.urls((await readJson(req, assertShallow)).value));
      const deleting = /^apps\/([A-Za-z0-9_-]{1,64})$/.exec(call);
      if (deleting && method === 'DELETE') {
        if (!this.options.apps.delete(deleting[1])) throw unknownApp(deleting[1]);
        res.writeHead(204, closeIfUnread(req)).end();
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

  /**
   * X-Fw-Unload (info `unloadWithLoad`, §2.3): the applications the runner is done with, unloaded
   * before the load whatever becomes of it; an id not held (or not an id) is ignored.
   */
  private unloadNamed(header: string | string[] | undefined): void {
    if (typeof header !== 'string') return;
    for (const id of header.split(',')) this.options.apps.delete(id.trim());
  }

  private load(body: Body): { app: string; routes: number } {
    assertValid('manifest', body.value);
    const manifest = body.value as Manifest;
    assertRouteCount(manifest.routeFiles);
    const instructions = assertConstraintWork(manifest);
    for (const list of ['bootstrap', 'providers'] as const) {
      (manifest[list] ?? []).forEach((file, i) => {
        // Own members only: `constructor` names no route file, although `in` would find one.
        if (!Object.prototype.hasOwnProperty.call(manifest.routeFiles, file)) {
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
    return { app: this.options.apps.add(app, appWeight(app.routeCount, body.bytes, instructions)), routes: app.routeCount };
  }

  private url(body: unknown): { url: string } {
    assertValid('url-request', body);
    const request = body as UrlQuestion & { app: string };
    const answer = generate(this.loaded(request.app), request);
    if ('error' in answer) throw new ProtocolError(422, 'url', answer.error.message);
    return answer;
  }

  /**
   * POST /__fw/urls (info `urlBatches`, §2.4.1): each question answered as url() answers it alone,
   * the answer naming the place of its question.
   */
  private urls(body: unknown): { answers: Array<UrlAnswer & { question: number }> } {
    assertValid('url-batch-request', body);
    const request = body as { app: string; questions: UrlQuestion[] };
    const app = this.loaded(request.app);
    return { answers: request.questions.map((question, i) => ({ question: i, ...generate(app, question) })) };
  }

  private loaded(id: string): LoadedApp {
    const app = this.options.apps.get(id);
    if (!app) throw unknownApp(id);
    return app;
  }
}

interface UrlQuestion {
  name: string;
  params: Record<string, unknown>;
}

type UrlAnswer = { url: string } | { error: { kind: 'url'; message: string } };

/** UrlGenerator::route(name, params) of the application, or the framework's error. */
function generate(app: LoadedApp, { name, params }: UrlQuestion): UrlAnswer {
  try {
    return { url: app.url(name, params) };
  } catch (err) {
    return { error: { kind: 'url', message: (err as Error).message } };
  }
}

export function unknownApp(id: string): ProtocolError {
  return new ProtocolError(404, 'app', `no application is loaded under the id "${id}"`);
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...closeIfUnread(res.req), ...headers });
  res.end(text);
}

/** Reads at most LIMITS.bodyBytes; past that it stops reading (the answer then closes, earlyAnswer.ts). */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > LIMITS.bodyBytes) {
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > LIMITS.bodyBytes) {
        stop();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error): void => {
      stop();
      reject(err);
    };
    const stop = (): void => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
      req.pause();
    };
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

function tooLarge(): ProtocolError {
  return new ProtocolError(400, 'manifest', `the body is larger than ${LIMITS.bodyBytes} bytes (1 MiB, the adapter's limit)`, { pointer: '' });
}

/** The body as JSON, refused (400 kind manifest) when `assertWithinLimits` finds it too deep. */
async function readJson(req: IncomingMessage, assertWithinLimits: (body: unknown) => void): Promise<Body> {
  const raw = await readBody(req);
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ProtocolError(400, 'manifest', 'the body is not valid JSON', { pointer: '' });
  }
  assertWithinLimits(value);
  return { value, bytes: raw.length };
}
