// adapter/build.ts: manifest -> a fresh, booted application of YOUR FRAMEWORK (protocol §2.3), by
// its own API: `web` by default, `bootstrap` files by the bootstrap sequence, `providers` files
// from a service provider's boot(); a route file named nowhere is never loaded. Never emulate an
// API your framework lacks: leave the capability out of CAPABILITIES (catalog.ts) instead.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { catalogClosure, registerCatalog } from './catalog';
import { bindExceptionHeader } from './exception';
import { Fw } from './framework';
import type { Handler, Manifest, Statement } from './manifest';

/** The framework refused the application: 422 kind boot with its message. */
export class BootError extends Error {}

export interface BuiltApp {
  routeCount: number;
  serve(req: IncomingMessage, res: ServerResponse): Promise<void>;
  url(name: string, params: Record<string, unknown>): string;
}

export function buildApp(manifest: Manifest): BuiltApp {
  const file = (name: string) => (router: any) => run(router, manifest.routeFiles[name] ?? []);
  const app = new Fw.Application({ web: file('web') });                                  // YOUR FRAMEWORK
  registerCatalog(app);
  bindExceptionHeader(app);                                                              // optional (§3.3)
  for (const name of manifest.bootstrap ?? []) app.loadRoutes(file(name));
  const providers = (manifest.providers ?? []).map(file);
  if (providers.length > 0) {
    app.register(class extends Fw.ServiceProvider {
      boot(): void { for (const load of providers) this.app.loadRoutes(load); }
    });
  }
  try {
    app.boot();
  } catch (err) {
    throw new BootError(err instanceof Error ? err.message : String(err));
  }
  return {
    routeCount: app.router.routes.size,                                                   // YOUR FRAMEWORK
    serve: (req, res) => app.handleNode(req, res),
    url: (name, params) => app.url.route(name, params),
  };
}

/** A route file's statements against the router; a group's against the router its closure receives. */
function run(router: any, statements: Statement[]): void {
  for (const s of statements) {
    if ('group' in s) {
      router.group({ ...s.group }, (inner: any) => run(inner, s.routes));
    } else if ('resource' in s) {
      router.resource(s.resource, s.controller);
    } else {
      const route = router[s.method.toLowerCase()](s.uri, handler(s.handler));
      for (const call of s.chain ?? []) {
        if ('name' in call) route.name(call.name);
        else route.middleware(call.middleware);
      }
    }
  }
}

function handler(h: Handler): unknown {
  return 'controller' in h ? [h.controller, h.action] : catalogClosure(h);
}
