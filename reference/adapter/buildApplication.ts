import type { IncomingMessage, ServerResponse } from 'node:http';
import { Application, ServiceProvider, type Closure as RouteClosure, type Router, type RouteFile, type UrlParameters } from '../src';
import { catalogClosure, registerCatalog } from './catalog';
import { BootError } from './ControlPlane';
import { bindExceptionHeader } from './ExceptionHeader';
import type { LoadedApp } from './LoadedApp';
import type { Handler, Manifest, Statement } from './manifest';

/**
 * Turns a protocol-2 manifest into a fresh reference Application, booted the way a real one is:
 * `web` by default, `bootstrap` files by the bootstrap sequence, `providers` files from a
 * service provider's boot(). Route files named nowhere are never loaded.
 */
export function buildApplication(manifest: Manifest): LoadedApp {
  const web = routeFile(manifest.routeFiles.web);
  const app = new Application({ web });
  registerCatalog(app);
  bindExceptionHeader(app);
  for (const name of manifest.bootstrap ?? []) app.loadRoutes(routeFile(manifest.routeFiles[name]));
  const providerFiles = (manifest.providers ?? []).map((name) => routeFile(manifest.routeFiles[name]));
  if (providerFiles.length > 0) app.register(new RouteFilesProvider(app, providerFiles));
  try {
    app.boot();
  } catch (err) {
    throw new BootError(err instanceof Error ? err.message : String(err));
  }
  return {
    routeCount: app.router.routes.size,
    serve: (req: IncomingMessage, res: ServerResponse) => app.handleNode(req, res),
    // Values come from JSON as they are; the generator itself refuses lists and maps (decision 38).
    url: (name, params) => app.url.route(name, params as UrlParameters),
  };
}

/** The service provider of the manifest: loads its route files when it boots. */
class RouteFilesProvider extends ServiceProvider {
  constructor(app: Application, private readonly files: RouteFile[]) {
    super(app);
  }

  override boot(): void {
    for (const file of this.files) this.app.loadRoutes(file);
  }
}

function routeFile(statements: Statement[]): RouteFile {
  return (router) => {
    for (const statement of statements) apply(router, statement);
  };
}

function apply(router: Router, statement: Statement): void {
  if ('group' in statement) {
    const attributes: { prefix?: string; middleware?: string[] } = {};
    if (statement.group.prefix !== undefined) attributes.prefix = statement.group.prefix;
    if (statement.group.middleware !== undefined) attributes.middleware = statement.group.middleware;
    router.group(attributes, (inner) => {
      for (const child of statement.routes) apply(inner, child);
    });
    return;
  }
  if ('resource' in statement) {
    router.resource(statement.resource, statement.controller);
    return;
  }
  // Through the spec's own verb methods, not addRoute(): the suite must exercise the public API.
  const verb = statement.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const route = router[verb](statement.uri, action(statement.handler));
  for (const call of statement.chain ?? []) {
    if ('middleware' in call) route.middleware(call.middleware);
    else route.name(call.name);
  }
}

function action(handler: Handler): RouteClosure | readonly [string, string] {
  if ('closure' in handler) return catalogClosure(handler);
  return [handler.controller, handler.action] as const;
}
