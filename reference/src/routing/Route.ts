import type { MiddlewareReference } from '../http/Middleware';
import type { RouteMethod } from './methods';
import type { RouteAction, RouteHandler } from './RouteAction';
import type { RoutePattern } from './RoutePattern';

/** Lets the owner validate and index changes made through the fluent API. */
export interface RouteHooks {
  /** Throws to reject the middleware; called before it is attached. */
  middlewareAdded(route: Route, reference: MiddlewareReference): void;
  /** Throws to reject the name; called before it is assigned. */
  named(route: Route, name: string): void;
}

/** One registered route. Returned by every verb method; `middleware()` and `name()` chain. */
export class Route {
  /** Registration order; the first registered route wins when patterns overlap. */
  index = -1;
  private readonly middlewareList: MiddlewareReference[] = [];
  private routeName: string | undefined;

  constructor(
    readonly method: RouteMethod,
    readonly pattern: RoutePattern,
    readonly action: RouteAction,
    readonly handler: RouteHandler,
    private readonly hooks: RouteHooks | null = null,
  ) {}

  get uri(): string {
    return this.pattern.uri;
  }

  get paramNames(): readonly string[] {
    return this.pattern.paramNames;
  }

  /** Appends middleware; repeated calls accumulate, in call order. */
  middleware(references: MiddlewareReference | readonly MiddlewareReference[]): this {
    const list = typeof references === 'string' || typeof references === 'function' ? [references] : references;
    for (const reference of list) this.hooks?.middlewareAdded(this, reference);
    this.middlewareList.push(...list);
    return this;
  }

  name(name: string): this {
    this.hooks?.named(this, name);
    this.routeName = name;
    return this;
  }

  getName(): string | undefined {
    return this.routeName;
  }

  /** Group middleware (outer to inner) followed by the route's own, in the order they run. */
  getMiddleware(): readonly MiddlewareReference[] {
    return this.middlewareList;
  }

  toString(): string {
    return `${this.method} ${this.uri}`;
  }
}
