import * as diagnostics from 'node:diagnostics_channel';

/**
 * Measures every HTTP request undici makes in this thread, through its diagnostics channels:
 * from the request's creation (queueing in the pool included) to the end of its response body, or
 * to its error. Each thread has its own channels, so a thread that sends requests for the suite
 * (the property worker) measures its own and hands the durations over (DURATIONS_CHANNEL).
 */
export function measureRequests(onDuration: (ms: number) => void): void {
  const startedAt = new WeakMap<object, number>();
  const finish = (message: unknown): void => {
    const request = (message as { request?: object }).request;
    if (!request) return;
    const started = startedAt.get(request);
    if (started === undefined) return;
    startedAt.delete(request);
    onDuration(performance.now() - started);
  };
  diagnostics.subscribe('undici:request:create', (message) => {
    const request = (message as { request?: object }).request;
    if (request) startedAt.set(request, performance.now());
  });
  diagnostics.subscribe('undici:request:trailers', finish);
  diagnostics.subscribe('undici:request:error', finish);
}

/** Durations (ms, a number[] per message) measured in another thread, published in this one. */
export const DURATIONS_CHANNEL = diagnostics.channel('fw-conformance:request-durations');

/**
 * Media type of the runner's own per-scenario attachment with the HTTP timings it measured
 * (run/support/timing.ts, which registers hooks and so is no module to import).
 */
export const TIMING_MEDIA = 'application/vnd.fw.timing+json';
