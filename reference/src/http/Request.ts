import type { IncomingMessage } from 'node:http';
import type { Route } from '../routing/Route';
import { HttpError } from './HttpError';
import { parseQueryString, type QueryBag } from './queryString';

export type RequestHeaders = Readonly<Record<string, string | readonly string[] | number | undefined>>;

export interface RequestInit {
  /** Defaults to GET; normalized to upper case. */
  readonly method?: string;
  /** The request target: raw path plus optional query, e.g. `/users/42?tab=posts`. Absolute URLs are accepted. */
  readonly url?: string;
  readonly headers?: RequestHeaders;
  /**
   * Raw bytes or text (parsed by Content-Type when read), or an already
   * parsed value (object or array), which is treated as a JSON body.
   */
  readonly body?: string | Uint8Array | object | null;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const UNPARSED = Symbol('unparsed');

/** The incoming request. Injectable into actions, middleware and services built during dispatch. */
export class Request {
  readonly method: string;
  /** Raw request target as received (path and query, still percent-encoded). */
  readonly url: string;
  /** Raw path, still percent-encoded: routes are matched against this. */
  readonly path: string;
  /** Raw query string without the "?". */
  readonly queryString: string;
  /** Header names in lower case; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly rawBody: Buffer;
  /** Free-form per-request state for middleware, probes and tracing. */
  readonly attributes = new Map<string, unknown>();

  /** The matched route, set by the router before middleware runs. */
  route: Route | undefined = undefined;
  /** Decoded route parameters by name, set by the router. */
  params: Readonly<Record<string, string>> = Object.freeze({});

  private parsedBody: unknown = UNPARSED;
  private parsedQuery: QueryBag | undefined;

  constructor(init: RequestInit = {}) {
    this.method = (init.method ?? 'GET').toUpperCase();
    this.url = originForm(init.url ?? '/');
    const q = this.url.indexOf('?');
    this.path = q === -1 ? this.url : this.url.slice(0, q);
    this.queryString = q === -1 ? '' : this.url.slice(q + 1);
    this.headers = normalizeHeaders(init.headers ?? {});
    const body = init.body;
    if (body === undefined || body === null) {
      this.rawBody = Buffer.alloc(0);
    } else if (typeof body === 'string' || body instanceof Uint8Array) {
      this.rawBody = Buffer.from(body);
    } else {
      this.rawBody = Buffer.from(JSON.stringify(body));
      this.parsedBody = body;
    }
  }

  static create(method: string, url: string, init: Omit<RequestInit, 'method' | 'url'> = {}): Request {
    return new Request({ ...init, method, url });
  }

  /** Reads a node:http request, enforcing the body limit (413). */
  static async fromNode(message: IncomingMessage, options: { bodyLimit?: number } = {}): Promise<Request> {
    const body = await readBody(message, options.bodyLimit ?? DEFAULT_BODY_LIMIT);
    return new Request({ method: message.method ?? 'GET', url: message.url ?? '/', headers: message.headers, body });
  }

  header(name: string): string | undefined {
    return this.headers[name.toLowerCase()];
  }

  get query(): Readonly<QueryBag> {
    return (this.parsedQuery ??= parseQueryString(this.queryString));
  }

  /** JSON and form bodies parsed on first access; a malformed JSON body is a 400. */
  get body(): unknown {
    if (this.parsedBody === UNPARSED) this.parsedBody = this.parseBody();
    return this.parsedBody;
  }

  isJson(): boolean {
    return /^application\/(?:[\w.+-]+\+)?json\b/i.test(this.header('content-type') ?? '');
  }

  /** Query merged with the body (body wins), as PHP frameworks present input. */
  all(): Record<string, unknown> {
    const body = this.body;
    const fromBody = isPlainObject(body) ? body : {};
    return { ...this.query, ...fromBody };
  }

  input<T = unknown>(key: string, fallback?: T): T | undefined {
    const all = this.all();
    return Object.prototype.hasOwnProperty.call(all, key) ? (all[key] as T) : fallback;
  }

  has(key: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.all(), key);
  }

  /** A decoded route parameter. */
  param(name: string): string | undefined {
    return this.params[name];
  }

  /** Called by the router once the route is known. */
  setRoute(route: Route, params: Readonly<Record<string, string>>): void {
    this.route = route;
    this.params = params;
  }

  private parseBody(): unknown {
    if (this.rawBody.length === 0) return undefined;
    const type = (this.header('content-type') ?? '').toLowerCase();
    if (this.isJson()) {
      try {
        return JSON.parse(this.rawBody.toString('utf8'));
      } catch {
        throw new HttpError(400, 'Malformed JSON body');
      }
    }
    if (type.startsWith('application/x-www-form-urlencoded')) return parseQueryString(this.rawBody.toString('utf8'));
    if (type.startsWith('text/')) return this.rawBody.toString('utf8');
    return undefined;
  }
}

/** An absolute-form target (`http://host/path`) becomes origin-form (`/path`). */
function originForm(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  let target = match === null ? url : url.slice(match[0].length);
  // An empty path is "/" (RFC 3986 §6.2.3), also when a query follows the authority.
  if (match !== null && !target.startsWith('/')) target = `/${target}`;
  const hash = target.indexOf('#');
  return hash === -1 ? target : target.slice(0, hash);
}

function normalizeHeaders(input: RequestHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = typeof value === 'object' ? value.join(', ') : String(value);
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function readBody(message: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(message.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      message.resume();
      reject(new HttpError(413));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        message.off('data', onData);
        // Keep draining so the socket can carry the 413 response.
        message.resume();
        reject(new HttpError(413));
        return;
      }
      chunks.push(chunk);
    };
    message.on('data', onData);
    message.once('end', () => resolve(Buffer.concat(chunks)));
    message.once('error', reject);
  });
}
