import { IncomingMessage } from 'node:http';
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

// Zero bytes: nothing can be written into it, so every body-less request can share it.
const EMPTY_BODY = Buffer.alloc(0);
const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});
const NO_HEADERS: RequestHeaders = Object.freeze({});

/** The incoming request. Injectable into actions, middleware and services built during dispatch. */
export class Request {
  readonly method: string;
  /** Raw request target as received (path and query, still percent-encoded). */
  readonly url: string;
  /** Raw path, still percent-encoded: routes are matched against this. */
  readonly path: string;
  /** Raw query string without the "?". */
  readonly queryString: string;
  readonly rawBody: Buffer;

  /** The matched route, set by the router before middleware runs. */
  route: Route | undefined = undefined;
  /** Decoded route parameters by name, set by the router. */
  params: Readonly<Record<string, string>> = NO_PARAMS;

  private parsedBody: unknown = UNPARSED;
  private parsedQuery: QueryBag | undefined;
  // Built on first use: most requests never read a header by name or set an attribute.
  private pendingHeaders: RequestHeaders | undefined;
  private headerSource: IncomingMessage | undefined;
  private normalizedHeaders: Record<string, string> | undefined;
  private attributeMap: Map<string, unknown> | undefined;

  constructor(init: RequestInit = {}) {
    const method = init.method ?? 'GET';
    this.method = isUpperCase(method) ? method : method.toUpperCase();
    this.url = originForm(init.url ?? '/');
    const q = this.url.indexOf('?');
    this.path = q === -1 ? this.url : this.url.slice(0, q);
    this.queryString = q === -1 ? '' : this.url.slice(q + 1);
    this.pendingHeaders = init.headers ?? NO_HEADERS;
    const body = init.body;
    if (body === undefined || body === null) {
      this.rawBody = EMPTY_BODY;
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
    return Request.fromNodeWithBody(message, options.bodyLimit ?? DEFAULT_BODY_LIMIT);
  }

  /**
   * The request at once when node:http's parser framed it without a body:
   * with neither Content-Length nor Transfer-Encoding an HTTP/1.1 request has
   * none (RFC 9112 §6.3), and a Content-Length of 0 is empty. Otherwise (or
   * for a message that did not come from the parser) undefined: read the body.
   */
  static fromNodeHead(message: IncomingMessage): Request | undefined {
    if (!(message instanceof IncomingMessage) || declaresBody(message.rawHeaders)) return undefined;
    const request = new Request({ method: message.method ?? 'GET', url: message.url ?? '/' });
    // node:http builds `message.headers` on first access; routes that read no header never pay for it.
    request.pendingHeaders = undefined;
    request.headerSource = message;
    return request;
  }

  /** Reads the body of a node:http request, enforcing the body limit (413). */
  static async fromNodeWithBody(message: IncomingMessage, bodyLimit: number = DEFAULT_BODY_LIMIT): Promise<Request> {
    const body = await readBody(message, bodyLimit);
    return new Request({ method: message.method ?? 'GET', url: message.url ?? '/', headers: message.headers, body });
  }

  /** Header names in lower case; repeated headers joined with ", ". */
  get headers(): Readonly<Record<string, string>> {
    if (this.normalizedHeaders === undefined) {
      this.normalizedHeaders = normalizeHeaders(this.pendingHeaders ?? this.headerSource?.headers ?? {});
      this.pendingHeaders = undefined;
      this.headerSource = undefined;
    }
    return this.normalizedHeaders;
  }

  /** Free-form per-request state for middleware, probes and tracing. */
  get attributes(): Map<string, unknown> {
    return (this.attributeMap ??= new Map());
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

/** Content-Length other than "0", or any Transfer-Encoding, in node:http's raw name/value list. */
function declaresBody(raw: readonly string[]): boolean {
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 14 && name.toLowerCase() === 'content-length') {
      if (raw[i + 1] !== '0') return true;
    } else if (name.length === 17 && name.toLowerCase() === 'transfer-encoding') {
      return true;
    }
  }
  return false;
}

function isUpperCase(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) return false;
    if (c > 127) return false;
  }
  return true;
}

/** An absolute-form target (`http://host/path`) becomes origin-form (`/path`). */
function originForm(url: string): string {
  // Origin form, by far the usual case, cannot also be absolute form.
  if (url.charCodeAt(0) === 47) {
    const hash = url.indexOf('#');
    return hash === -1 ? url : url.slice(0, hash);
  }
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
