// adapter/trace.ts: what the adapter keeps for each application request, without the framework
// knowing: the X-Fw-Trace tokens (protocol §3) and the raw response, so that a stub can answer for
// itself. AsyncLocalStorage keeps concurrent requests apart. Framework-neutral.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';

interface RequestContext {
  trace: string[];
  res: ServerResponse;
}

const storage = new AsyncLocalStorage<RequestContext>();
export const TRACE_HEADER = 'X-Fw-Trace';

export function runTraced<T>(trace: string[], res: ServerResponse, fn: () => Promise<T>): Promise<T> {
  return storage.run({ trace, res }, fn);
}

/** Records a token for the current request (at the moment the step starts: §4). */
export function record(token: string): void {
  storage.getStore()?.trace.push(token);
}

/** Something of the adapter not written yet, outside an application request (a control call). */
export class NotPorted extends Error {
  constructor(what: string) {
    super(`not ported: ${what}`);
  }
}

/**
 * A stub's answer: 501 with `X-Fw-Error: not-ported` and its name, written by the adapter at once,
 * as PHP's `exit` would. `--check-adapter` lists every entry that answers this, and the suite
 * reports a scenario that reaches one as an adapter error, never as your framework's. The promise
 * never settles, so nothing more of the request runs in the framework, and whatever the framework
 * still writes to the response is dropped.
 */
export function notPorted(what: string): Promise<never> {
  const current = storage.getStore();
  if (current === undefined) throw new NotPorted(what);
  const { res } = current;
  if (!res.headersSent) {
    res.writeHead(501, { 'Content-Type': 'application/json', 'X-Fw-Error': 'not-ported' });
    res.end(JSON.stringify({ error: { kind: 'not-ported', message: `not ported: ${what}` } }));
  } else if (!res.writableEnded) {
    res.destroy();   // the framework began its own answer: cut it rather than leave the client waiting
  }
  mute(res);
  return new Promise<never>(() => {});
}

/** The response answered: later writes (the framework rendering its own answer) do nothing. */
function mute(res: ServerResponse): void {
  const self = () => res;
  Object.assign(res, { writeHead: self, setHeader: self, appendHeader: self, removeHeader: () => undefined, flushHeaders: () => undefined, write: () => true, end: self });
}

export interface TypedValue {
  type: string;
  value: unknown;
}

/**
 * §4.1. JavaScript has one number type: `declared` says whether the action asked for an int or a
 * float. Extend it for YOUR FRAMEWORK's Request ({method, path}), for Clock ("clock"), Calendar
 * ({clock}), StoreItemRequest (its validated data) and Item (its attributes).
 */
export function typed(value: unknown, declared?: 'int' | 'float'): TypedValue {
  if (value === null || value === undefined) return { type: 'null', value: null };
  if (typeof value === 'string') return { type: 'string', value };
  if (typeof value === 'boolean') return { type: 'bool', value };
  if (typeof value === 'number') return { type: declared ?? (Number.isInteger(value) ? 'int' : 'float'), value };
  return { type: (value as object).constructor?.name ?? typeof value, value: null };
}
