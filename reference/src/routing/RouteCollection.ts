import type { MatchResult } from './matcher/MatchResult';
import { RouteMatcher } from './matcher/RouteMatcher';
import type { Route } from './Route';
import { RoutePatternError } from './RoutePattern';
import { RouteRegistrationError } from './RouteRegistrationError';

/** The registered routes, in registration order, with their name index and matcher. */
export class RouteCollection {
  private readonly routes: Route[] = [];
  private readonly names = new Map<string, Route>();
  private readonly patterns = new Map<string, Route>();
  private readonly matcher = new RouteMatcher();

  add(route: Route): Route {
    // Same method and same regex (parameter names aside) would leave the second route unreachable.
    const key = `${route.method} ${route.pattern.shape}`;
    const existing = this.patterns.get(key);
    if (existing !== undefined) {
      throw new RouteRegistrationError(
        route.method,
        route.uri,
        existing.uri === route.uri
          ? 'this method and URI are already registered'
          : `it duplicates the route registered earlier as [${existing}]`,
      );
    }
    route.index = this.routes.length;
    try {
      this.matcher.add(route);
    } catch (error) {
      // A segment or tail regex the linear engine refuses (RoutePattern checked each constraint alone).
      if (error instanceof RoutePatternError) throw new RouteRegistrationError(route.method, route.uri, error.message);
      throw error;
    }
    this.patterns.set(key, route);
    this.routes.push(route);
    return route;
  }

  /** Records a route name; names are unique. */
  nameRoute(route: Route, name: string): void {
    if (name === '') throw new RouteRegistrationError(route.method, route.uri, 'the route name is empty');
    const holder = this.names.get(name);
    if (holder !== undefined && holder !== route) {
      throw new RouteRegistrationError(route.method, route.uri, `the name [${name}] is already used by [${holder}]`);
    }
    const previous = route.getName();
    if (previous !== undefined && this.names.get(previous) === route) this.names.delete(previous);
    this.names.set(name, route);
  }

  getByName(name: string): Route | undefined {
    return this.names.get(name);
  }

  hasNamedRoute(name: string): boolean {
    return this.names.has(name);
  }

  all(): readonly Route[] {
    return this.routes;
  }

  get size(): number {
    return this.routes.length;
  }

  /** Method + raw path → route and raw parameters, or 404, or 405 with the allowed methods. */
  match(method: string, path: string): MatchResult {
    return this.matcher.match(method, path);
  }
}
