// adapter/trace.ts: X-Fw-Trace (protocol §3) and typed values (§4.1). AsyncLocalStorage keeps
// concurrent requests apart without the framework knowing about tracing.
import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<string[]>();
export const TRACE_HEADER = 'X-Fw-Trace';

export function runTraced<T>(trace: string[], fn: () => Promise<T>): Promise<T> {
  return storage.run(trace, fn);
}

/** Records a token for the current request (at the moment the step starts: §4). */
export function record(token: string): void {
  storage.getStore()?.push(token);
}

export interface TypedValue {
  type: string;
  value: unknown;
}

/** §4.1. Extend it for YOUR FRAMEWORK's Request ({method, path}), FormRequest and Model. */
export function typed(value: unknown, declared?: 'int' | 'float'): TypedValue {
  if (value === null || value === undefined) return { type: 'null', value: null };
  if (typeof value === 'string') return { type: 'string', value };
  if (typeof value === 'boolean') return { type: 'bool', value };
  if (typeof value === 'number') return { type: declared ?? (Number.isInteger(value) ? 'int' : 'float'), value };
  return { type: (value as object).constructor?.name ?? typeof value, value: null };
}
