import type { Fault } from '../Fault';
import { ROUTER } from './sites';

/** Faults written against the rules of the named.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'named-name-ignored', rule: 'named.name',
    description: 'Route::name() returns the route without registering the name',
    patches: [{ file: 'reference/src/routing/Route.ts', find: '    this.hooks?.named(this, name);\n    this.routeName = name;\n', replace: '' }],
  },
  {
    id: 'named-dashes-normalized', rule: 'named.name',
    description: 'the name index stores names with dashes turned into underscores, so a name containing "-" is never found',
    patches: [{ file: 'reference/src/routing/RouteCollection.ts', find: '    this.names.set(name, route);', replace: "    this.names.set(name.replace(/-/g, '_'), route);" }],
  },
  {
    id: 'named-static-url-without-group-prefix', rule: 'named.group-prefix',
    description: 'for a route without parameters, UrlGenerator returns the URI given to the verb method (a static fast path), without the group prefixes',
    patches: [
      {
        file: ROUTER,
        find: '    const route = new Route(method, pattern, action, handler, this.hooks);\n',
        replace: '    const route = new Route(method, pattern, action, handler, this.hooks);\n'
          + '    (route as { ownPattern?: RoutePattern }).ownPattern = RoutePattern.compile(uri);\n',
      },
      {
        file: 'reference/src/routing/UrlGenerator.ts',
        find: '    for (const token of route.pattern.tokens) {',
        replace: '    for (const token of ((route.pattern.isStatic ? (route as { ownPattern?: typeof route.pattern }).ownPattern : undefined) ?? route.pattern).tokens) {',
      },
    ],
  },
];
