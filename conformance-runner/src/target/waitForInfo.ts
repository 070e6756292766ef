import * as http from 'node:http';

export type WaitOutcome =
  | { kind: 'ready' }
  /** The adapter answers but refuses the token it was given in TOKEN. */
  | { kind: 'token-refused'; status: number; body: string }
  /** The adapter answers with a server error: it is up, and its application does not boot. */
  | { kind: 'server-error'; status: number; body: string }
  /** `answered`: the last attempt got an HTTP answer (not 200), rather than no answer at all. */
  | { kind: 'timed-out'; lastAttempt: string; answered: boolean }
  | { kind: 'aborted' };

export interface WaitOptions {
  origin: string;
  token: string;
  timeoutMs: number;
  intervalMs?: number;
  /** Stops polling early (the process exited). */
  signal?: AbortSignal;
}

type Attempt = { status: number; body: string } | { failure: string };

/** Server errors that mean "not yet": a gateway whose upstream is not up, an adapter still booting. */
const NOT_READY: readonly number[] = [502, 503, 504];

/**
 * Polls GET /__fw/info until it answers 200. A 401 ends the wait at once: the adapter is up but
 * does not use the TOKEN it was given, which no amount of waiting will fix; so does a 500 (or any
 * 5xx but the three below): the server runs and the adapter's code fails (a missing vendor/, a
 * fatal error), the same for every request. 502, 503 and 504 say "not ready yet" (a proxy whose
 * upstream still starts, an adapter still booting): they are waited for.
 */
export async function waitForInfo(options: WaitOptions): Promise<WaitOutcome> {
  const interval = options.intervalMs ?? 100;
  const deadline = Date.now() + options.timeoutMs;
  let lastAttempt = 'no attempt was made';
  let answered = false;
  for (;;) {
    if (options.signal?.aborted) return { kind: 'aborted' };
    const remaining = deadline - Date.now();
    if (remaining <= 0) return { kind: 'timed-out', lastAttempt, answered };
    const attempt = await getInfo(options.origin, options.token, Math.min(remaining, 2000), options.signal);
    if ('status' in attempt) {
      if (attempt.status === 200) return { kind: 'ready' };
      if (attempt.status === 401) return { kind: 'token-refused', status: attempt.status, body: attempt.body };
      if (attempt.status >= 500 && !NOT_READY.includes(attempt.status)) return { kind: 'server-error', status: attempt.status, body: attempt.body };
      lastAttempt = `${attempt.status} ${attempt.body.slice(0, 200)}`.trimEnd();
      answered = true;
    } else {
      lastAttempt = attempt.failure;
      answered = false;
    }
    await sleep(Math.min(interval, Math.max(0, deadline - Date.now())), options.signal);
  }
}

function getInfo(origin: string, token: string, timeoutMs: number, signal?: AbortSignal): Promise<Attempt> {
  return new Promise((resolve) => {
    // agent: false — no keep-alive socket may outlive the wait.
    const req = http.get(`${origin}/__fw/info`, { agent: false, headers: { authorization: `Bearer ${token}` }, signal }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { if (body.length < 4096) body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (err) => resolve({ failure: `the response broke off (${err.message})` }));
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      resolve({ failure: `it accepted the connection but did not answer within ${timeoutMs} ms` });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      resolve({ failure: err.code === 'ECONNREFUSED' ? 'connection refused (nothing listens on the port)' : `${err.code ?? ''} ${err.message}`.trim() });
    });
  });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
