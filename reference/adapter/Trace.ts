import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the probe catalog saw during one application request (protocol §3, X-Fw-Trace).
 * AsyncLocalStorage keeps concurrent requests apart without the framework knowing about tracing:
 * the trace is the adapter's concern, never the framework's.
 */
const storage = new AsyncLocalStorage<string[]>();

/** Runs `fn` with `trace` as the current request's trace. */
export function runTraced<T>(trace: string[], fn: () => Promise<T>): Promise<T> {
  return storage.run(trace, fn);
}

/** Records a trace token for the current request; outside a request (boot time) it is dropped. */
export function record(token: string): void {
  storage.getStore()?.push(token);
}

export const TRACE_HEADER = 'X-Fw-Trace';
