import type { Class } from '../container/types';
import type { Request } from './Request';
import type { Response } from './Response';

/** Calls the rest of the stack (inner middleware, then the action). */
export type Next = (request: Request) => Promise<Response>;

/**
 * A route middleware. `handle` may return a response without calling `next`
 * to short-circuit. Extra string arguments come from a reference written as
 * "Name:arg1,arg2".
 */
export interface Middleware {
  handle(request: Request, next: Next, ...args: string[]): unknown;
}

/** A middleware class, or the container name (alias) it is registered under. */
export type MiddlewareReference = string | Class<Middleware>;
