// adapter/build.ts: manifest -> a fresh, booted application (protocol §2.3), through the Framework
// interface below, which adapter/framework.ts implements with YOUR FRAMEWORK's own API. This file
// is framework-neutral: it runs each route file's statements in order, and never emulates an API
// your framework lacks (leave that capability out of CAPABILITIES in catalog.ts instead).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { catalogClosure } from './catalog.js';
import { framework } from './framework.js';
import type { Handler, Manifest, Method, Statement } from './manifest.js';

/** A route file: runs its statements against the router it is handed. */
export type RouteFile<Router> = (router: Router) => void;

/**
 * A route's handler: a catalog controller action by its protocol names (an unknown name too: pass
 * it to your framework as it is, so that its own error shows), or one of the catalog's closures.
 */
export type RouteHandler = { controller: string; action: string } | ((...args: any[]) => unknown);

/** One booted application, as the control plane uses it. */
export interface App {
  /** The number of routes the framework registered, when it can tell (POST /__fw/apps answers it). */
  routes?: number;
  /** An application request, passed to the framework untouched (§3). */
  serve(req: IncomingMessage, res: ServerResponse): Promise<void> | void;
  /** `UrlGenerator::route(name, params)` (§2.4); the framework's error is thrown as it is (422 url). */
  url(name: string, params: Record<string, unknown>): string;
}

/** What the adapter needs of YOUR FRAMEWORK: adapter/framework.ts implements it with the framework's own API. */
export interface Framework<Router, Route> {
  /**
   * A fresh application with a fresh container, the catalog (catalogClasses() of catalog.ts)
   * registered under its protocol names, booted as your framework boots a real one:
   * `web` as routes/web, each of `bootstrap` by the bootstrap sequence after it, each of
   * `providers` from a service provider's boot(). Throw the framework's own error when it refuses
   * a definition: the adapter answers 422 kind boot with its message.
   */
  boot(files: { web: RouteFile<Router>; bootstrap: RouteFile<Router>[]; providers: RouteFile<Router>[] }): App;
  /** `$router->get(uri, handler)` and the other verbs; returns the route the chain calls go to. */
  route(router: Router, method: Method, uri: string, handler: RouteHandler): Route;
  /** `Route::middleware(names)`; returns the route the next chain call goes to. */
  middleware(route: Route, names: string | string[]): Route;
  /** `Route::name(name)`; returns the route the next chain call goes to. */
  name(route: Route, name: string): Route;
  /**
   * `$router->group(attributes, fn ($router) => ...)`: an attribute absent from the manifest stays
   * absent. Run `routes` on the router the framework hands the group's closure: that is under test.
   */
  group(router: Router, attributes: { prefix?: string; middleware?: string[] }, routes: RouteFile<Router>): void;
  /** `$router->resource(name, controller)`. */
  resource(router: Router, name: string, controller: string): void;
}

/** The framework refused the application: 422 kind boot with its message. */
export class BootError extends Error {}

export function buildApp(manifest: Manifest): App {
  const file = (name: string): RouteFile<unknown> => (router) => run(router, manifest.routeFiles[name] ?? []);
  try {
    return framework.boot({ web: file('web'), bootstrap: (manifest.bootstrap ?? []).map(file), providers: (manifest.providers ?? []).map(file) });
  } catch (err) {
    throw new BootError(err instanceof Error ? err.message : String(err));
  }
}

/** A route file's statements against the router; a group's against the router its closure receives. */
function run(router: unknown, statements: Statement[]): void {
  for (const s of statements) {
    if ('group' in s) {
      framework.group(router, { ...s.group }, (inner) => run(inner, s.routes));
    } else if ('resource' in s) {
      framework.resource(router, s.resource, s.controller);
    } else {
      let route = framework.route(router, s.method, s.uri, handler(s.handler));
      for (const call of s.chain ?? []) {
        route = 'name' in call ? framework.name(route, call.name) : framework.middleware(route, call.middleware);
      }
    }
  }
}

function handler(h: Handler): RouteHandler {
  return 'controller' in h ? { controller: h.controller, action: h.action } : catalogClosure(h);
}
