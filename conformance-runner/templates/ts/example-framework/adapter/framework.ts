// adapter/framework.ts, as `fw-conformance init --lang ts --example-framework` writes it: the
// adapter bound to the reference framework that comes with fw-conformance, whose API has the
// spec's names (Application, Router, Route, ServiceProvider, ExceptionHandler). It is the only
// file of the adapter that calls a framework: to port the adapter, write this file again with
// YOUR FRAMEWORK's own API (the Framework interface of build.ts says what each method must do),
// then the catalog's entries on your framework's classes.
import { createRequire } from 'node:module';
import type { Framework } from './build.js';
import { catalogClasses } from './catalog.js';
import { exceptionHeader } from './exception.js';

// The reference framework, compiled into fw-conformance's package (it ships no type declarations).
const Fw = createRequire(import.meta.url)('fw-conformance/dist/reference/framework.js');

export const framework: Framework<any, any> = {
  boot(files) {
    const app = new Fw.Application({ web: files.web });
    const catalog = catalogClasses();
    for (const [name, controller] of Object.entries(catalog.controllers)) app.controller(name, controller);
    for (const [name, middleware] of Object.entries(catalog.middleware)) app.middleware(name, middleware);
    for (const [name, service] of Object.entries(catalog.services)) app.bind(name, service);
    // X-Fw-Exception (§3.3): the application's own ExceptionHandler, bound in the container.
    class AdapterExceptionHandler extends Fw.ExceptionHandler {
      constructor(logger: unknown) {
        super(logger);
      }

      render(error: unknown, request: unknown): any {
        const response = super.render(error, request);
        if (response.status >= 500) response.headers.set('X-Fw-Exception', exceptionHeader(error));
        return response;
      }
    }
    app.container.singleton(Fw.ExceptionHandler, () => new AdapterExceptionHandler(app.logger));
    for (const file of files.bootstrap) app.loadRoutes(file);
    if (files.providers.length > 0) {
      app.register(class extends Fw.ServiceProvider {
        boot(): void {
          for (const file of files.providers) this.app.loadRoutes(file);
        }
      });
    }
    app.boot();
    return {
      routes: app.router.routes.size,
      serve: (req, res) => app.handleNode(req, res),
      url: (name, params) => app.url.route(name, params),
    };
  },
  route: (router, method, uri, handler) => router[method.toLowerCase()](uri, typeof handler === 'function' ? handler : [handler.controller, handler.action]),
  middleware: (route, names) => route.middleware(names),
  name: (route, name) => route.name(name),
  group: (router, attributes, routes) => router.group(attributes, routes),
  resource: (router, name, controller) => router.resource(name, controller),
};
