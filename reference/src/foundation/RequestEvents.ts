import type { Container } from '../container/Container';
import type { Request } from '../http/Request';
import type { Response } from '../http/Response';
import type { Route } from '../routing/Route';
import type { Logger } from './Logger';

/** Per-request lifecycle events, for tracing and probes. */
export interface RequestEventMap {
  /**
   * Before routing. `scope` is the request's container (it already resolves
   * the Request); bind per-request services in it, e.g. a trace recorder.
   */
  'request.received': [request: Request, scope: Container];
  /** A route matched and its parameters were decoded; middleware is about to run. */
  'route.matched': [request: Request, route: Route];
  /** An exception escaped dispatch (before it is rendered). */
  'request.failed': [request: Request, error: unknown];
  /** The final response (after HEAD body removal). */
  'response.ready': [request: Request, response: Response];
}

type Listener<K extends keyof RequestEventMap> = (...args: RequestEventMap[K]) => void;

/**
 * A tiny synchronous emitter. A throwing listener is logged and ignored: an
 * observer must never change the response.
 */
export class RequestEvents {
  private readonly listeners: { [K in keyof RequestEventMap]?: Array<Listener<K>> } = {};
  /** Listeners of all events together: with none (the usual case) an emit is one comparison. */
  private count = 0;

  constructor(private readonly logger: Logger) {}

  on<K extends keyof RequestEventMap>(event: K, listener: Listener<K>): () => void {
    const list = (this.listeners[event] ??= []) as Array<Listener<K>>;
    list.push(listener);
    this.count++;
    return () => {
      const at = list.indexOf(listener);
      if (at === -1) return;
      list.splice(at, 1);
      this.count--;
    };
  }

  // Every event carries the request and one detail. Named parameters, not a rest list: an emit
  // nobody listens to (most of them) then allocates nothing.
  emit<K extends keyof RequestEventMap>(event: K, request: RequestEventMap[K][0], detail: RequestEventMap[K][1]): void {
    if (this.count === 0) return;
    const list = this.listeners[event] as Array<Listener<K>> | undefined;
    if (list === undefined) return;
    for (const listener of [...list]) {
      try {
        (listener as (request: RequestEventMap[K][0], detail: RequestEventMap[K][1]) => void)(request, detail);
      } catch (error) {
        this.logger.error(`Listener for [${event}] failed`, error);
      }
    }
  }
}
