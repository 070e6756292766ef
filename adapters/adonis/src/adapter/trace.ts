// X-Fw-Trace (protocol §3): the catalog's tokens of the current request. AsyncLocalStorage keeps
// concurrent requests to different applications apart without AdonisJS knowing about tracing.
import { AsyncLocalStorage } from 'node:async_hooks'

const storage = new AsyncLocalStorage<string[]>()
export const TRACE_HEADER = 'X-Fw-Trace'

export function runTraced<T>(trace: string[], fn: () => Promise<T>): Promise<T> {
  return storage.run(trace, fn)
}

/** Records a token for the current request, when the step starts (protocol §4). */
export function record(token: string): void {
  storage.getStore()?.push(token)
}
