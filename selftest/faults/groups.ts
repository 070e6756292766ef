import type { Fault } from '../Fault';
import { DISPATCHER, ROUTER } from './sites';

/** Faults written against the rules of the groups.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'groups-closure-args-ignore-prefix', rule: 'groups.prefix',
    description: 'closure arguments are read from the request path at the segment positions the parameters have in the route\'s own URI, ignoring the group prefix (/api + /users/{id}/posts/{post} gives "users", "posts")',
    patches: [
      {
        file: ROUTER,
        find: '    const route = new Route(method, pattern, action, handler, this.hooks);\n',
        replace: '    const route = new Route(method, pattern, action, handler, this.hooks);\n'
          + "    if (this.groups.some((g) => g.prefix !== '')) (route as { ownUri?: string }).ownUri = uri;\n",
      },
      {
        file: DISPATCHER,
        find: '  return route.paramNames.map((name) => request.params[name] as string);',
        replace: '  const own = (route as { ownUri?: string }).ownUri;\n'
          + "  if (own === undefined || !own.includes('{')) return route.paramNames.map((name) => request.params[name] as string);\n"
          + "  const segments = request.path.split('/').filter((s) => s !== '');\n"
          + "  return own.split('/').filter((s) => s !== '').flatMap((s, i) => (s.startsWith('{') ? [decodeURIComponent(segments[i] ?? '')] : []));",
      },
    ],
  },
  {
    id: 'groups-nested-without-prefix-resets', rule: 'groups.nested-prefix',
    description: 'a nested group without a prefix attribute starts from an empty prefix instead of keeping the enclosing group\'s (the missing key overrides the inherited prefix when the attributes are merged)',
    patches: [
      {
        file: ROUTER,
        find: "      prefix: attributes.prefix ?? '',\n",
        replace: "      prefix: attributes.prefix ?? '',\n      resetsPrefix: attributes.prefix === undefined,\n",
      },
      {
        file: ROUTER,
        find: '    const fullUri = joinUri([...this.groups.map((g) => g.prefix), uri]);',
        replace: '    const from = this.groups.map((g) => (g as { resetsPrefix?: boolean }).resetsPrefix === true).lastIndexOf(true) + 1;\n'
          + '    const fullUri = joinUri([...this.groups.slice(from).map((g) => g.prefix), uri]);',
      },
    ],
  },
  {
    id: 'groups-middleware-first-only', rule: 'groups.middleware',
    description: 'group() keeps only the first middleware of the group\'s middleware list',
    patches: [{
      file: ROUTER,
      find: "typeof middleware === 'function' ? [middleware] : [...middleware],",
      replace: "typeof middleware === 'function' ? [middleware] : middleware.slice(0, 1),",
    }],
  },
  {
    id: 'groups-nested-middleware-replaces', rule: 'groups.nested-middleware',
    description: 'a nested group\'s middleware replaces the enclosing group\'s instead of adding to it',
    patches: [{
      file: ROUTER,
      find: '    const inherited = this.groups.flatMap((g) => g.middleware);',
      replace: '    const inherited = [...this.groups].reverse().find((g) => g.middleware.length > 0)?.middleware ?? [];',
    }],
  },
  {
    id: 'groups-route-middleware-outside', rule: 'groups.middleware-order',
    description: 'a route\'s own middleware runs outside (before) the middleware of its groups',
    patches: [
      {
        file: 'reference/src/routing/Route.ts',
        find: '  private routeName: string | undefined;\n',
        replace: '  private routeName: string | undefined;\n  /** How many of the first middleware came from the enclosing groups. */\n  groupCount = 0;\n',
      },
      {
        file: 'reference/src/routing/Route.ts',
        find: '    return this.middlewareList;',
        replace: '    return [...this.middlewareList.slice(this.groupCount), ...this.middlewareList.slice(0, this.groupCount)];',
      },
      {
        file: ROUTER,
        find: '    if (inherited.length > 0) route.middleware(inherited);',
        replace: '    if (inherited.length > 0) route.middleware(inherited);\n    route.groupCount = inherited.length;',
      },
    ],
  },
  {
    id: 'groups-scope-middleware-leaks', rule: 'groups.scope',
    description: 'the middleware of a closed group stays applied to every route registered after it (its prefix is restored)',
    patches: [
      {
        file: ROUTER,
        find: '  private readonly groups: GroupFrame[] = [];\n',
        replace: '  private readonly groups: GroupFrame[] = [];\n  private readonly closedGroupMiddleware: MiddlewareReference[] = [];\n',
      },
      {
        file: ROUTER,
        find: '      this.groups.pop();',
        replace: '      const frame = this.groups.pop();\n      if (frame !== undefined) this.closedGroupMiddleware.push(...frame.middleware);',
      },
      {
        file: ROUTER,
        find: '    const inherited = this.groups.flatMap((g) => g.middleware);',
        replace: '    const inherited = [...this.closedGroupMiddleware, ...this.groups.flatMap((g) => g.middleware)];',
      },
    ],
  },
  {
    id: 'groups-empty-closure-without-router', rule: 'groups.closure-router',
    description: 'group([], closure) calls the closure without the router',
    patches: [{
      file: ROUTER,
      find: '      callback(this);',
      replace: '      if (attributes.prefix === undefined && attributes.middleware === undefined) (callback as () => void)();\n      else callback(this);',
    }],
  },
  {
    id: 'groups-prefix-parameters-last', rule: 'groups.prefix-parameters',
    description: 'closures receive the parameters of the group prefix after the route\'s own parameters (/teams/{team} + /members/{member} gives ("alice", "red"))',
    patches: [
      {
        file: ROUTER,
        find: '    const route = new Route(method, pattern, action, handler, this.hooks);\n',
        replace: '    const route = new Route(method, pattern, action, handler, this.hooks);\n'
          + '    (route as { prefixParamCount?: number }).prefixParamCount = RoutePattern.compile(joinUri(this.groups.map((g) => g.prefix))).paramNames.length;\n',
      },
      {
        file: DISPATCHER,
        find: '  return route.paramNames.map((name) => request.params[name] as string);',
        replace: '  const values = route.paramNames.map((name) => request.params[name] as string);\n'
          + '  const fromPrefix = (route as { prefixParamCount?: number }).prefixParamCount ?? 0;\n'
          + '  return [...values.slice(fromPrefix), ...values.slice(0, fromPrefix)];',
      },
    ],
  },
  {
    id: 'groups-empty-attributes-skipped', rule: 'groups.optional-attributes',
    description: 'group() with an empty attribute array returns without calling its closure',
    patches: [{
      file: ROUTER,
      find: '    const middleware = attributes.middleware;\n',
      replace: '    if (Object.keys(attributes).length === 0) return;\n    const middleware = attributes.middleware;\n',
    }],
  },
];
