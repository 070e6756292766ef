import { Readable } from 'node:stream';
import { Pool } from 'undici';
import { REQUEST_TIMEOUT_MS } from '../config/defaults';
import { manifestCapabilities, ordered } from './capabilities';
import { AdapterError, RequestTimeoutError, UnsupportedError } from './errors';
import {
  CONTROL_PREFIX, HEADER_APP, HEADER_ERROR, HEADER_TRACE, HEADER_UNLOAD, PROTOCOL_VERSION,
  type Capability, type Info, type Manifest, type UrlParams,
} from './manifest';
import { CLIP, clipText } from './clip';
import { frameworkErrorOf, type FrameworkError } from './frameworkError';
import type { MisplacedExceptions } from './misplacedException';
import { answerBound, readAnswer, readLimited, type Clipped } from './answerBody';
import { BodyTooLargeError, HEADERS_TOO_LARGE, isHeadersOverflow, LIMITS, storedBody } from './limits';
import { describeViolation, firstViolation, type SchemaName } from './schemas';
import { SharedApps } from './sharedApps';
import type { Exchange } from '../model/exchange';
import { UrlBatches, type AskBatch, type BatchAnswers, type UrlAnswer, type UrlQuestion, type UrlResult } from './UrlBatches';

export interface TargetAddress {
  /** Base URL of the adapter, for example http://127.0.0.1:8080 */
  url: string;
  token: string;
}

export interface ClientOptions extends TargetAddress {
  /** Per-request timeout (headers and body), milliseconds. */
  requestTimeoutMs?: number;
  /** The capabilities the target declared; asked with GET /__fw/info when absent. */
  capabilities?: readonly string[];
  /**
   * Load each distinct manifest once per process and share the application (sharedApps.ts): only
   * for an adapter that builds the application afresh for every request (info `applications:
   * per-request`, protocol §2.2), where an application that served other scenarios is
   * indistinguishable from a new one.
   */
  shareApps?: boolean;
  /** The applications this client shares with the other clients of its run in this thread (protocol/world.ts, ClientSharing); its own when absent. */
  sharedApps?: SharedApps;
  /** Where answers that carried X-Fw-Exception without being a 5xx are counted (misplacedException.ts). */
  misplaced?: MisplacedExceptions;
  /**
   * The adapter unloads applications named in X-Fw-Unload when it loads the next (info
   * `unloadWithLoad`, protocol §2.3): deleteApp() then leaves the unloading to the next load, or
   * to close(), instead of a DELETE of its own.
   */
  unloadWithLoad?: boolean;
  /**
   * The adapter answers several URL questions in one call (info `urlBatches`, protocol §2.4.1): the
   * questions asked of one application at the same time then go together (UrlBatches.ts).
   */
  urlBatches?: boolean;
}


export interface AppRequest {
  method: string;
  /** Raw path and query, sent byte for byte (percent-encoding is the caller's). */
  path: string;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else is sent as JSON with Content-Type application/json. */
  body?: unknown;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length), as a streaming client would. */
  chunked?: boolean;
}

export interface AppResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** X-Fw-Trace split into tokens (empty when nothing of the catalog ran). */
  trace: string[];
  /** True when the response carried X-Fw-Trace at all. */
  traced: boolean;
  /** The framework's error the adapter attached (X-Fw-Exception), clipped and inert. Informative only. */
  frameworkError?: FrameworkError;
  /**
   * Set when the body is larger than an answer to this request may be (answerBody.ts): `body` is
   * then only its head. Every check of such a body fails: its head may still parse as JSON, or
   * lack what the rest holds.
   */
  clipped?: Clipped;
}

export type LoadResult = { ok: true; app: string; routes?: number } | { ok: false; message: string };
export type { UrlAnswer, UrlResult } from './UrlBatches';
export type { Exchange } from '../model/exchange';

/**
 * The runner's only way to talk to an implementation: protocol 2 over HTTP with undici. Every
 * control-plane answer is validated against its JSON Schema; deviations become AdapterError so
 * they are reported apart from rule failures.
 */
export class AdapterClient {
  readonly exchanges: Exchange[] = [];
  private readonly pool: Pool;
  private readonly origin: string;
  private readonly timeoutMs: number;
  private declared?: Promise<readonly string[]>;
  /** Applications deleted while the adapter unloads them with the next load (unloadWithLoad). */
  private readonly unloading: string[] = [];
  /** URL questions asked together, for an adapter that answers several in one call (urlBatches). */
  private readonly urlBatches?: UrlBatches;
  private readonly shared: SharedApps;

  constructor(private readonly options: ClientOptions) {
    this.shared = options.sharedApps ?? new SharedApps();
    const parsed = new URL(options.url);
    this.origin = parsed.origin;
    this.timeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
    this.pool = new Pool(this.origin, { connections: 8, pipelining: 1, maxHeaderSize: LIMITS.responseHeaderBytes });
    if (options.urlBatches) this.urlBatches = new UrlBatches((app, q) => this.urlAlone(app, q), (app, qs) => this.urlBatch(app, qs));
  }

  /** Whether applications are shared by manifest: the adapter builds one afresh for every request. */
  get sharesApps(): boolean {
    return this.options.shareApps === true;
  }

  get address(): TargetAddress {
    return { url: this.origin, token: this.options.token };
  }

  async close(): Promise<void> {
    // Best effort, as unloadShared(): an adapter that outlives the run keeps nothing of it.
    await Promise.all(this.unloading.splice(0).map((app) => this.unload(app).catch(() => undefined)));
    await this.pool.close();
  }

  /**
   * Unloads the shared applications (best effort), for an adapter that outlives the run; a started
   * adapter is stopped with them.
   */
  async unloadShared(): Promise<void> {
    const ids = this.shared.forget();
    await Promise.all(ids.map((app) => this.unload(app).catch(() => undefined)));
  }

  /** Forget recorded exchanges (called at the start of every scenario). */
  resetLog(): void {
    this.exchanges.length = 0;
  }

  async info(): Promise<Info> {
    const res = await this.control('GET', 'info');
    if (res.status !== 200) throw this.controlFailure('GET /__fw/info', res);
    const info = this.parseAs<Info>('info', res, 'GET /__fw/info');
    if (info.protocol !== PROTOCOL_VERSION) {
      throw new AdapterError(`the adapter speaks protocol ${info.protocol}; this runner implements protocol ${PROTOCOL_VERSION}`);
    }
    // Printed on every run and written into every report: a name is not a place for a megabyte.
    const { name, version, language } = info.implementation;
    return { ...info, implementation: { ...info.implementation, name: clipText(name, CLIP.nameChars), version: clipText(version, CLIP.nameChars), language: clipText(language, CLIP.nameChars) } };
  }

  /** What the target declared: from the options, or asked once. */
  private capabilities(): Promise<readonly string[]> {
    this.declared ??= this.options.capabilities ? Promise.resolve(this.options.capabilities) : this.info().then((i) => i.capabilities);
    // A failed handshake is not remembered: the next load asks again (and reports it again).
    this.declared.catch(() => { this.declared = undefined; });
    return this.declared;
  }

  /**
   * Loads a fresh application. A boot failure is a result (scenarios may expect one), not an error.
   * A manifest that needs an undeclared capability is never sent (UnsupportedError); a 501 for one
   * the target declared is an adapter error: a declared capability promises that its manifests load.
   */
  async loadApp(manifest: Manifest): Promise<LoadResult> {
    if (!this.options.shareApps) return this.load(manifest);
    const shared = this.shared;
    const key = JSON.stringify(manifest);
    let loading = shared.loads.get(key);
    if (loading === undefined) {
      const mark = this.exchanges.length;
      loading = this.load(manifest).then((result) => {
        if (result.ok) shared.ids.add(result.app);
        return { result, exchange: this.exchanges[mark] };
      });
      shared.loads.set(key, loading);
      // Only answers are shared: an error (unsupported, an adapter fault) is raised again next time.
      loading.catch(() => shared.loads.delete(key));
      return (await loading).result;
    }
    const { result, exchange } = await loading;
    // The reproduction of a scenario shows the load it relies on, as if it had made it.
    if (exchange !== undefined) this.exchanges.push(exchange);
    return result;
  }

  private async load(manifest: Manifest): Promise<LoadResult> {
    const declared = await this.capabilities();
    const missing = manifestCapabilities(manifest).filter((c) => !declared.includes(c));
    if (missing.length > 0) {
      throw new UnsupportedError(missing[0]!, `the target does not declare the capabilit${missing.length > 1 ? 'ies' : 'y'} ${missing.map((c) => `"${c}"`).join(', ')} that this application needs`);
    }
    const unloading = this.unloading.splice(0);
    let res: AppResponse;
    try {
      res = await this.control('POST', 'apps', manifest, unloading.length > 0 ? { [HEADER_UNLOAD]: unloading.join(',') } : undefined);
    } catch (err) {
      // No answer: they may still be loaded. Naming an id the adapter no longer holds does no harm.
      this.unloading.push(...unloading);
      throw err;
    }
    if (res.status === 201) {
      const loaded = this.parseAs<{ app: string; routes?: number }>('app-loaded', res, 'POST /__fw/apps');
      return { ok: true, app: loaded.app, routes: loaded.routes };
    }
    const error = this.parseError(res, 'POST /__fw/apps');
    if (res.status === 422 && error.kind === 'boot') return { ok: false, message: error.message };
    // Nothing is sent that needs an undeclared capability, so a 501 can only dodge a manifest the
    // adapter promised to load: it names a capability this manifest does not need (or one declared).
    if (res.status === 501 && error.kind === 'unsupported') {
      const named = error.capability ?? '(none named)';
      const reason = declared.includes(named as Capability)
        ? `which the adapter declares: a declared capability promises that every manifest of it loads`
        : `which this application does not need (it needs ${['routing', ...ordered(manifestCapabilities(manifest))].join(', ')}, all declared)`;
      throw new AdapterError(`POST /__fw/apps answered 501 unsupported naming "${named}", ${reason}; 501 may only name an undeclared capability the manifest needs (protocol §2.3): ${error.message}`, { status: 501, error });
    }
    throw new AdapterError(`POST /__fw/apps answered ${res.status} (${error.kind}): ${error.message}` +
      (error.pointer !== undefined ? ` at ${error.pointer}` : ''), { status: res.status, error });
  }

  async deleteApp(app: string): Promise<void> {
    // A shared application stays for the next scenario with its manifest (unloadShared()).
    if (this.options.shareApps && this.shared.ids.has(app)) return;
    if (this.options.unloadWithLoad) {
      this.unloading.push(app);
      return;
    }
    await this.unload(app);
  }

  private async unload(app: string): Promise<void> {
    const res = await this.control('DELETE', `apps/${encodeURIComponent(app)}`);
    if (res.status !== 204) throw this.controlFailure(`DELETE /__fw/apps/${app}`, res);
  }

  async url(app: string, name: string, params: UrlParams | Record<string, unknown>): Promise<UrlResult> {
    return (await this.urlAnswer(app, name, params)).result;
  }

  /** url()'s answer with the exchange that brought it: with urlBatches, one call may answer several. */
  urlAnswer(app: string, name: string, params: UrlParams | Record<string, unknown>): Promise<UrlAnswer> {
    return this.urlBatches ? this.urlBatches.ask(app, { name, params }) : this.urlAlone(app, { name, params });
  }

  private async urlAlone(app: string, { name, params }: UrlQuestion): Promise<UrlAnswer> {
    const { asking, exchange } = this.recordedControl('POST', 'url', { app, name, params });
    const res = await asking;
    if (res.status === 200) return { result: { ok: true, url: this.parseAs<{ url: string }>('url-result', res, 'POST /__fw/url').url }, exchange };
    const error = this.parseError(res, 'POST /__fw/url');
    if (res.status === 422 && error.kind === 'url') return { result: { ok: false, message: error.message }, exchange };
    throw new AdapterError(`POST /__fw/url answered ${res.status} (${error.kind}): ${error.message}${this.droppedShared(app, error.kind)}`, { status: res.status, error });
  }

  /**
   * Why an application the runner shares is unknown to the adapter: the claim it relied on
   * (protocol §2.2). Empty for any other error, or an application that is not shared.
   */
  private droppedShared(app: string | undefined, kind: string | undefined): string {
    if (!this.options.shareApps || kind !== 'app' || app === undefined || !this.shared.ids.has(app)) return '';
    return '; the adapter declares "applications": "per-request", so the runner loaded this manifest once for the whole run, and an adapter that claims it ' +
      'keeps every application it loaded until the run ends (protocol §2.2)';
  }

  /**
   * POST /__fw/urls: each answer as POST /__fw/url gives it, checked against the place of its
   * question (UrlBatches.ts says what becomes of a batch that cannot be used).
   */
  private urlBatch(app: string, questions: readonly UrlQuestion[]): ReturnType<AskBatch> {
    const { asking, exchange } = this.recordedControl('POST', 'urls', { app, questions });
    const sent = asking.then((res): BatchAnswers => {
      if (res.status !== 200) return 'failed';
      let body: unknown;
      try {
        body = JSON.parse(res.body);
      } catch {
        return 'failed';
      }
      if (firstViolation('url-batch-result', body) !== null) return 'failed';
      const { answers } = body as { answers: Array<({ url: string } | { error: { message: string } }) & { question?: number }> };
      if (answers.length !== questions.length) return 'failed';
      if (answers.every((a) => a.question === undefined)) return 'unnamed';
      const misplaced = answers.findIndex((a, k) => a.question !== k);
      if (misplaced >= 0) throw new AdapterError(misplacedAnswer(answers[misplaced]!.question, misplaced, questions), { status: 200 });
      return answers.map((a) => ('url' in a ? { ok: true as const, url: a.url } : { ok: false as const, message: a.error.message }));
    }, (err: unknown): BatchAnswers => {
      // Not answered in time: a timeout of its own, like any call's. Any other failure is the call's as a whole.
      if (err instanceof RequestTimeoutError) throw err;
      return 'failed';
    });
    return { sent, exchange };
  }

  /** Sends an application request to the application loaded under `app`. */
  async send(app: string | undefined, req: AppRequest): Promise<AppResponse> {
    const headers: Record<string, string> = { ...(req.headers ?? {}) };
    if (app !== undefined) headers[HEADER_APP] = app;
    let body: string | undefined;
    if (typeof req.body === 'string') body = req.body;
    else if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    }
    const res = await this.raw(req.method, req.path, headers, body, req.chunked === true, answerBound(req.path, body));
    if (res.headers[HEADER_ERROR] !== undefined) {
      let message = res.body;
      try { message = (JSON.parse(res.body) as { error: { message: string } }).error.message; } catch { /* keep raw */ }
      throw new AdapterError(`the adapter could not serve ${req.method} ${req.path} (${res.headers[HEADER_ERROR]}): ${message}${this.droppedShared(app, res.headers[HEADER_ERROR])}`);
    }
    return res;
  }

  /** Validates a probe echo body, parsed by the caller (which looked at it first: a body is parsed once). */
  checkEcho<T>(data: unknown, what: string): T {
    return this.checked<T>('echo', data, what);
  }

  /** A control call and the exchange it records (raw() records it before its first await). */
  private recordedControl(method: string, call: string, payload: unknown): { asking: Promise<AppResponse>; exchange: Exchange | undefined } {
    const mark = this.exchanges.length;
    const asking = this.control(method, call, payload);
    return { asking, exchange: this.exchanges[mark] };
  }

  private async control(method: string, call: string, payload?: unknown, unrecorded?: Record<string, string>): Promise<AppResponse> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.token}` };
    let body: string | undefined;
    if (payload !== undefined) {
      body = JSON.stringify(payload);
      headers['content-type'] = 'application/json';
    }
    return this.raw(method, `${CONTROL_PREFIX}${call}`, headers, body, false, undefined, unrecorded);
  }

  /**
   * `bound`: how large an application answer may be (answerBody.ts); the control plane's answers are
   * read whole. `unrecorded`: headers sent but kept out of the exchange (the runner's bookkeeping,
   * not the scenario's: a reproduction has no use for them).
   */
  private async raw(method: string, path: string, headers: Record<string, string>, body?: string, chunked = false, bound?: number, unrecorded?: Record<string, string>): Promise<AppResponse> {
    const exchange: Exchange = {
      method, path, durationMs: 0,
      requestHeaders: chunked ? { ...headers, 'transfer-encoding': 'chunked' } : headers,
    };
    if (body !== undefined) {
      const kept = storedBody(body);
      exchange.requestBody = kept.text;
      if (kept.bytes !== undefined) exchange.requestBodyBytes = kept.bytes;
      if (kept.fill !== undefined) exchange.requestBodyFill = kept.fill;
    }
    this.exchanges.push(exchange);
    const started = performance.now();
    try {
      const res = await this.pool.request({
        method, path, headers: unrecorded === undefined ? headers : { ...headers, ...unrecorded },
        // An iterable body has no known length, so undici sends it chunked.
        body: chunked && body !== undefined ? Readable.from(inChunks(body)) : body,
        headersTimeout: this.timeoutMs, bodyTimeout: this.timeoutMs,
      });
      const flat: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) {
        if (v !== undefined) flat[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
      }
      const declared = /^\d+$/.test(flat['content-length'] ?? '') ? Number(flat['content-length']) : undefined;
      const read = bound === undefined ? { text: await readLimited(res.body) } : await readAnswer(res.body, bound, declared);
      const { text, clipped } = read;
      exchange.status = res.statusCode;
      exchange.responseHeaders = flat;
      const kept = storedBody(text);
      exchange.responseBody = kept.text;
      const bytes = clipped?.bytes ?? kept.bytes;
      if (bytes !== undefined) exchange.responseBodyBytes = bytes;
      // The framework's error behind a 5xx (§3.3); on any other answer it is no such thing.
      const carried = frameworkErrorOf(flat);
      const frameworkError = carried !== undefined && res.statusCode >= 500 ? carried : undefined;
      if (carried !== undefined && frameworkError === undefined) this.options.misplaced?.note(`${method} ${clipText(path, 200)} → ${res.statusCode}`);
      if (frameworkError !== undefined) exchange.frameworkError = frameworkError;
      const traceHeader = flat[HEADER_TRACE];
      return {
        status: res.statusCode, headers: flat, body: text,
        trace: traceHeader ? traceHeader.split(',').map((t) => t.trim()).filter((t) => t !== '') : [],
        traced: traceHeader !== undefined,
        ...(frameworkError !== undefined ? { frameworkError } : {}),
        ...(clipped !== undefined ? { clipped } : {}),
      };
    } catch (err) {
      exchange.error = String((err as Error).message ?? err);
      if (err instanceof BodyTooLargeError) throw new AdapterError(`${method} ${path}: ${err.message}`);
      if (isHeadersOverflow(err)) throw new AdapterError(`${method} ${path}: ${HEADERS_TOO_LARGE}`);
      const code = (err as { code?: string }).code;
      if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
        throw new RequestTimeoutError(method, path, this.timeoutMs);
      }
      // An absolute-form target is a whole URL already: name the connection apart.
      const target = path.startsWith('/') ? `${this.origin}${path}` : `${path} (through ${this.origin})`;
      throw new AdapterError(`${method} ${target} failed: ${(err as Error).message}` + (code ? ` (${code})` : ''), { code });
    } finally {
      exchange.durationMs = performance.now() - started;
    }
  }

  private parseJson(res: AppResponse, what: string): unknown {
    try {
      return JSON.parse(res.body);
    } catch {
      throw new AdapterError(`${what} answered ${res.status} with a body that is not JSON: ${res.body.slice(0, 200)}`);
    }
  }

  private parseAs<T>(schema: SchemaName, res: AppResponse, what: string): T {
    return this.checked<T>(schema, this.parseJson(res, what), what);
  }

  private checked<T>(schema: SchemaName, data: unknown, what: string): T {
    const violation = firstViolation(schema, data);
    if (violation) throw new AdapterError(`${what}: ${describeViolation(schema, violation)}`, { body: data });
    return data as T;
  }

  private parseError(res: AppResponse, what: string) {
    return this.parseAs<{ error: { kind: string; message: string; pointer?: string; capability?: string } }>('error', res, `${what} (${res.status})`).error;
  }

  private controlFailure(what: string, res: AppResponse): AdapterError {
    if (res.status === 401) return new AdapterError(`${what} was refused (401): the token is wrong or missing`, { status: 401 });
    const error = this.parseError(res, what);
    return new AdapterError(`${what} answered ${res.status} (${error.kind}): ${error.message}`, { status: res.status, error });
  }
}

function* inChunks(body: string, size = 64 * 1024): Generator<Buffer> {
  const bytes = Buffer.from(body);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** Why a batch's answer cannot be used: it is not the answer to the question in its place. */
function misplacedAnswer(named: number | undefined, place: number, questions: readonly UrlQuestion[]): string {
  const asked = (k: number) => `${questions[k]!.name} ${clipText(JSON.stringify(questions[k]!.params), 200)}`;
  const what = named === undefined ? 'names no question' : named < questions.length ? `names question ${named} (${asked(named)})` : `names question ${named}, of ${questions.length}`;
  return `POST /__fw/urls: the answer in place ${place} ${what}, where ${asked(place)} was asked: each answer must answer the question in its place and name it ` +
    `("question": ${place}), protocol §2.4.1. The adapter's batches cannot be used; its URL answers were not judged`;
}
