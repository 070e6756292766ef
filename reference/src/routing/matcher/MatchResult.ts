import type { Route } from '../Route';
import { allowedMethods } from '../methods';

export interface RouteFound {
  readonly status: 200;
  readonly route: Route;
  /** Raw (still percent-encoded) values in the order of `route.paramNames`. */
  readonly params: readonly string[];
}

export interface RouteNotFound {
  readonly status: 404;
}

export interface MethodNotAllowed {
  readonly status: 405;
  /** Methods registered for the URI, Allow-header order, HEAD after GET. */
  readonly allowed: readonly string[];
}

export type MatchResult = RouteFound | RouteNotFound | MethodNotAllowed;

export const NO_PARAMS: readonly string[] = Object.freeze([]);

export const NOT_FOUND: RouteNotFound = Object.freeze({ status: 404 });

/** One shared result per method mask: the 405 path allocates nothing. */
export const NOT_ALLOWED: readonly MethodNotAllowed[] = Array.from({ length: 32 }, (_, mask) =>
  Object.freeze({ status: 405 as const, allowed: Object.freeze(allowedMethods(mask)) }),
);
