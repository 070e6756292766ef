import { CLIP, clipText } from './clip';

/**
 * Errors that separate "the implementation broke a rule" (an ordinary assertion failure) from
 * "the adapter broke the protocol" and "the target lacks a capability": the runner reports the
 * three apart, so an implementer never hunts a spec bug that is really an adapter bug.
 */

/**
 * The adapter answered outside the protocol (schema deviation, X-Fw-Error, refused token...). The
 * message quotes the adapter, so it is clipped before cucumber and the reports copy it.
 */
export class AdapterError extends Error {
  override name = 'AdapterError';
  constructor(message: string, readonly details: Record<string, unknown> = {}) {
    super(clipText(message, CLIP.messageChars));
  }
}

/** The adapter declared, or answered, that it lacks a capability a scenario needs. */
export class UnsupportedError extends Error {
  override name = 'UnsupportedError';
  constructor(readonly capability: string, message?: string) {
    super(message ?? `the target does not support the capability "${capability}"`);
  }
}

/** A request to the target took longer than the per-request timeout. */
export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError';
  constructor(readonly method: string, readonly url: string, readonly timeoutMs: number) {
    super(`${method} ${url} did not answer within ${timeoutMs} ms`);
  }
}
