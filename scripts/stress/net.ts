import * as http from 'node:http';
import * as net from 'node:net';

/** The outcome of one exchange: a status (`closed`, `timeout`, `error` when there was none). */
export interface Exchange {
  readonly status: string;
  readonly ms: number;
  /** The start of the answer's body (for content checks). */
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The server ended the connection (by itself, or after an answer with Connection: close). */
  readonly closed: boolean;
}

export interface RawOptions {
  readonly timeoutMs: number;
  /** Wait for the server to close after the answer (up to the timeout). */
  readonly waitClose?: boolean;
}

/**
 * Writes raw bytes on a fresh connection and reads one answer: the loopback equivalent of
 * `printf ... | nc`, for requests no well-behaved client would send.
 */
export function rawExchange(port: number, data: string | Buffer, options: RawOptions): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = performance.now();
    let received = Buffer.alloc(0);
    let answeredMs: number | undefined;
    let done = false;
    const finish = (timedOut: boolean, closed: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const parsed = parseAnswer(received);
      resolve({
        status: parsed?.status ?? (timedOut ? 'timeout' : 'closed'),
        ms: answeredMs ?? performance.now() - started,
        body: parsed?.body ?? '',
        headers: parsed?.headers ?? {},
        closed,
      });
    };
    socket.on('connect', () => socket.write(data));
    socket.on('data', (d: Buffer) => {
      answeredMs ??= performance.now() - started;
      if (received.length < 256 * 1024) received = Buffer.concat([received, d]);
      const parsed = parseAnswer(received);
      if (parsed?.complete && !options.waitClose) finish(false, false);
    });
    socket.on('error', () => { /* resets arrive as errors; the close follows */ });
    socket.on('close', () => finish(false, true));
    const timer = setTimeout(() => finish(true, false), options.timeoutMs);
  });
}

interface Parsed {
  status: string;
  headers: Record<string, string>;
  body: string;
  complete: boolean;
}

function parseAnswer(bytes: Buffer): Parsed | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const lines = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1];
  if (status === undefined) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = bytes.subarray(end + 4);
  const length = Number(headers['content-length'] ?? NaN);
  return { status, headers, body: body.toString('utf8', 0, Math.min(body.length, 4096)), complete: Number.isFinite(length) && body.length >= length };
}

export interface RequestOptions {
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
  readonly timeoutMs: number;
}

/** One ordinary request on a fresh connection, timed; never throws. */
export function timedRequest(port: number, method: string, path: string, options: RequestOptions): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = performance.now();
    let done = false;
    const finish = (e: Omit<Exchange, 'ms'>): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...e, ms: performance.now() - started });
    };
    const headers: http.OutgoingHttpHeaders = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body);
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= 1024 * 1024) chunks.push(c);
      });
      res.on('end', () => {
        const flat: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
        finish({ status: String(res.statusCode), body: Buffer.concat(chunks).toString('utf8'), headers: flat, closed: false });
      });
      res.on('error', () => finish({ status: 'error', body: '', headers: {}, closed: true }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => finish({ status: err.code === 'ECONNRESET' ? 'closed' : 'error', body: String(err.message), headers: {}, closed: true }));
    const timer = setTimeout(() => {
      finish({ status: 'timeout', body: '', headers: {}, closed: false });
      req.destroy();
    }, options.timeoutMs);
    req.end(options.body);
  });
}

export interface EndlessResult {
  readonly status: string;
  readonly answeredMs: number | undefined;
  /** When the server ended the connection; undefined if it was still open at the deadline. */
  readonly closedMs: number | undefined;
  /** Bytes the client managed to write (socket buffers included). */
  readonly sentBytes: number;
  readonly headers: Readonly<Record<string, string>>;
}

export interface StreamOptions {
  readonly deadlineMs: number;
  /** The body ends after this many bytes; endless when absent. */
  readonly limitBytes?: number;
  /** Announce the body with this Content-Length instead of sending it chunked. */
  readonly contentLength?: number;
}

/**
 * A request head (without its final empty line), then a body written as fast as the server takes
 * it, until the server closes the connection or the deadline passes.
 */
export function streamBody(port: number, head: string, options: StreamOptions): Promise<EndlessResult> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunked = options.contentLength === undefined;
    const limitBytes = options.limitBytes ?? options.contentLength ?? Infinity;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const frame = chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
    const started = performance.now();
    let sentBytes = 0;
    let answer = Buffer.alloc(0);
    let answeredMs: number | undefined;
    let done = false;
    let ended = false;
    const finish = (closedMs: number | undefined): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const parsed = parseAnswer(answer);
      resolve({ status: parsed?.status ?? (closedMs === undefined ? 'timeout' : 'closed'), answeredMs, closedMs, sentBytes, headers: parsed?.headers ?? {} });
    };
    const pump = (): void => {
      while (!done && !ended && !socket.destroyed) {
        if (sentBytes >= limitBytes) {
          ended = true;
          if (chunked) socket.write('0\r\n\r\n');
          return;
        }
        sentBytes += frame.length;
        if (!socket.write(frame)) return;
      }
    };
    socket.on('connect', () => {
      socket.write(`${head}${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${options.contentLength}`}\r\n\r\n`);
      pump();
    });
    socket.on('drain', pump);
    socket.on('data', (d: Buffer) => {
      answeredMs ??= performance.now() - started;
      if (answer.length < 8192) answer = Buffer.concat([answer, d]);
    });
    socket.on('error', () => { /* a reset is how some closes arrive */ });
    socket.on('close', () => finish(performance.now() - started));
    const timer = setTimeout(() => finish(undefined), options.deadlineMs);
  });
}

/** Opens `count` connections (in batches, so the listen backlog is never the limit). */
export async function openConnections(port: number, count: number, batch = 250): Promise<net.Socket[]> {
  const sockets: net.Socket[] = [];
  for (let at = 0; at < count; at += batch) {
    const opened = await Promise.all(Array.from({ length: Math.min(batch, count - at) }, () => new Promise<net.Socket | undefined>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      const timer = setTimeout(() => { s.destroy(); resolve(undefined); }, 5000);
      s.once('connect', () => { clearTimeout(timer); resolve(s); });
      s.once('error', () => { clearTimeout(timer); resolve(undefined); });
    })));
    for (const s of opened) if (s !== undefined) sockets.push(s);
  }
  for (const s of sockets) s.on('error', () => { /* closed by the server */ });
  return sockets;
}

/** Sockets the server has closed (we never end them ourselves before counting). */
export function closedCount(sockets: readonly net.Socket[]): number {
  return sockets.filter((s) => s.destroyed || s.readableEnded).length;
}
