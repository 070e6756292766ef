// adapter/framework.ts: YOUR FRAMEWORK, and the only file of the adapter that calls it. Every
// method below is a TODO stub until you bind it to your framework's own API (the Framework
// interface of build.ts says what each must do): until then every application request answers
// 501 `X-Fw-Error: not-ported`, and `fw-conformance --check-adapter` says so. Map each call to the
// API your framework has, and never emulate one it lacks: leave that capability out of
// CAPABILITIES (catalog.ts) instead. `init --lang ts --example-framework` writes this file bound
// to the reference framework that comes with fw-conformance, a complete example to read.
import type { Framework } from './build.js';
// import { catalogClasses } from './catalog.js';   // the catalog, to register in boot()
// import { exceptionHeader } from './exception.js'; // optional: X-Fw-Exception (§3.3)
import { NotPorted, notPorted } from './trace.js';

type Router = unknown;   // TODO YOUR FRAMEWORK: its router type
type Route = unknown;    // TODO YOUR FRAMEWORK: what its verb methods return

export const framework: Framework<Router, Route> = {
  boot(_files) {
    // TODO YOUR FRAMEWORK: a fresh application with a fresh container; register catalogClasses()
    // under their names; load _files.web as routes/web, each of _files.bootstrap by the bootstrap
    // sequence, each of _files.providers from a service provider's boot(); boot it; optionally add
    // X-Fw-Exception to the 5xx its exception handler renders. Return { routes, serve, url }.
    return {
      serve: () => notPorted('adapter/framework.ts (no framework bound yet: every application request answers this)'),
      url: () => {
        throw new NotPorted('adapter/framework.ts (url)');
      },
    };
  },
  route() {
    // TODO YOUR FRAMEWORK: router.get(uri, handler), router.post(...), ...: return the route.
    throw new NotPorted('adapter/framework.ts (route)');
  },
  middleware() {
    // TODO YOUR FRAMEWORK: route.middleware(names): return the route.
    throw new NotPorted('adapter/framework.ts (middleware)');
  },
  name() {
    // TODO YOUR FRAMEWORK: route.name(name): return the route.
    throw new NotPorted('adapter/framework.ts (name)');
  },
  group() {
    // TODO YOUR FRAMEWORK: router.group(attributes, (inner) => routes(inner)).
    throw new NotPorted('adapter/framework.ts (group)');
  },
  resource() {
    // TODO YOUR FRAMEWORK: router.resource(name, controller).
    throw new NotPorted('adapter/framework.ts (resource)');
  },
};
