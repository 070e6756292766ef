import { Pool } from 'undici';
import { BodyTooLargeError, HEADERS_TOO_LARGE, isHeadersOverflow, LIMITS, storedBody } from '../protocol/limits';
import { readLimited } from '../protocol/answerBody';
import { CONTROL_PREFIX, HEADER_APP } from '../protocol';
import type { Evidence } from './types';
import { MOST_AT_ONCE } from '../protocol/atOnce';

export type TokenUse = 'token' | 'no token' | 'wrong token';

export interface ProbeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** How the request was authorized, for the report. */
  auth?: TokenUse;
}

export interface ProbeResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

export interface ProbeExchange {
  request: ProbeRequest;
  response?: ProbeResponse;
  /** Why no response came (timeout, connection refused...). */
  failure?: string;
}

const SHOWN_BODY = 400;
/** After this many requests in a row without an answer, the rest are not sent (no 2-minute wait on a hung adapter). */
const GIVE_UP_AFTER = 3;
const SHOWN_HEADERS = ['content-type', 'x-fw-trace', 'x-fw-error', 'allow', 'location'];

/**
 * Raw HTTP for the adapter check: unlike AdapterClient it must send wrong tokens and keep bad
 * answers as data to explain, rather than turning them into exceptions.
 */
export class Probe {
  private readonly pool: Pool;
  private unanswered = 0;
  /** Whether any request got no answer (the adapter may have died). */
  failedOnce = false;

  constructor(readonly origin: string, private readonly token: string, private readonly timeoutMs: number) {
    // As many connections as the check sends requests at once (CheckContext.width).
    this.pool = new Pool(origin, { connections: MOST_AT_ONCE, maxHeaderSize: LIMITS.responseHeaderBytes });
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  control(method: string, call: string, options: { auth?: TokenUse; body?: unknown; headers?: Record<string, string> } = {}): Promise<ProbeExchange> {
    const auth = options.auth ?? 'token';
    const headers: Record<string, string> = { ...options.headers };
    if (auth === 'token') headers.authorization = `Bearer ${this.token}`;
    if (auth === 'wrong token') headers.authorization = `Bearer wrong-${this.token.split('').reverse().join('')}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    return this.send({ method, path: `${CONTROL_PREFIX}${call}`, headers, body, auth });
  }

  /** An application request; `app` undefined sends no X-Fw-App at all; `json` is sent as a JSON body. */
  app(method: string, path: string, app: string | undefined, json?: unknown): Promise<ProbeExchange> {
    const headers: Record<string, string> = {};
    if (app !== undefined) headers[HEADER_APP] = app;
    if (json === undefined) return this.send({ method, path, headers });
    headers['content-type'] = 'application/json';
    return this.send({ method, path, headers, body: JSON.stringify(json) });
  }

  /** Why the probe stopped sending (requests in a row without an answer), once it has. */
  get gaveUp(): string | undefined {
    return this.unanswered >= GIVE_UP_AFTER ? `the adapter did not answer ${GIVE_UP_AFTER} requests in a row (last: ${this.lastFailure ?? 'no answer'})` : undefined;
  }

  private lastFailure?: string;

  async send(request: ProbeRequest): Promise<ProbeExchange> {
    if (this.unanswered >= GIVE_UP_AFTER) {
      return { request, failure: `not sent: the adapter did not answer the last ${GIVE_UP_AFTER} requests` };
    }
    try {
      const res = await this.pool.request({
        method: request.method as 'GET', path: request.path, headers: request.headers, body: request.body,
        headersTimeout: this.timeoutMs, bodyTimeout: this.timeoutMs,
      });
      const body = storedBody(await readLimited(res.body)).text;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) {
        if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
      }
      this.unanswered = 0;
      return { request, response: { status: res.statusCode, headers, body } };
    } catch (err) {
      const code = (err as { code?: string }).code;
      const tooLarge = err instanceof BodyTooLargeError || isHeadersOverflow(err);
      const failure = err instanceof BodyTooLargeError ? err.message : isHeadersOverflow(err) ? HEADERS_TOO_LARGE : code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT'
        ? `no answer within ${this.timeoutMs} ms`
        : code === 'ECONNREFUSED' ? 'connection refused (is the adapter still running?)'
        : `${(err as Error).message}${code ? ` (${code})` : ''}`;
      // An answer too large to read is still an answer: the adapter is alive.
      if (tooLarge) {
        this.unanswered = 0;
        return { request, failure };
      }
      this.unanswered += 1;
      this.lastFailure = `${request.method} ${request.path}: ${failure}`;
      this.failedOnce = true;
      return { request, failure };
    }
  }
}

export function showRequest(req: ProbeRequest): string {
  const parts = [`${req.method} ${req.path}`];
  if (req.auth !== undefined) parts.push(`(${req.auth === 'token' ? 'with the token' : req.auth})`);
  if (req.headers[HEADER_APP] !== undefined) parts.push(`X-Fw-App: ${req.headers[HEADER_APP]}`);
  if (req.body !== undefined) parts.push(clip(req.body));
  return parts.join(' ');
}

export function showResponse(ex: ProbeExchange): string {
  if (!ex.response) return `no response: ${ex.failure}`;
  const { status, headers, body } = ex.response;
  const shown = SHOWN_HEADERS.filter((h) => headers[h] !== undefined).map((h) => `${h}: ${clip(JSON.stringify(headers[h]))}`);
  return [String(status), ...shown, body === '' ? '(empty body)' : clip(body)].join(' ');
}

/** A short "status body" for use inside a sentence. */
export function brief(ex: ProbeExchange): string {
  if (!ex.response) return `no response (${ex.failure})`;
  return ex.response.body === '' ? `${ex.response.status} with an empty body` : `${ex.response.status} ${clip(ex.response.body, 160)}`;
}

export function evidence(ex: ProbeExchange): Evidence {
  return { sent: showRequest(ex.request), got: showResponse(ex) };
}

function clip(text: string, max = SHOWN_BODY): string {
  const oneLine = text.replace(/\s*\n\s*/g, ' ');
  return oneLine.length > max ? `${oneLine.slice(0, max)}… (${text.length} bytes)` : oneLine;
}
