/**
 * A value now, or later. The request pipeline stays synchronous until
 * something (an action, a middleware, a FormRequest) actually returns a
 * promise: every `await` of a plain value costs a promise and a microtask
 * turn per request, which is most of a small route's budget.
 */
export type MaybePromise<T> = T | Promise<T>;

/** Anything `await` would unwrap: native promises and other thenables. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** `f(await value)` without the turn when `value` is not a thenable. */
export function then<T, U>(value: unknown, f: (resolved: T) => MaybePromise<U>): MaybePromise<U> {
  if (isThenable(value)) return Promise.resolve(value as PromiseLike<T>).then(f);
  return f(value as T);
}
