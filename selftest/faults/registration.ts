import type { Fault } from '../Fault';
import { closureCall, DISPATCHER, ROUTER } from './sites';

const ROUTE = 'reference/src/routing/Route.ts';

/**
 * A verb method that wraps closure handlers in a retry written in `finally` instead of `catch`, so
 * the closure runs a second time after every successful run: only what the closure does is
 * repeated (its trace), the response is the first run's. (The obvious slip, a verb method that
 * registers its route under another HTTP method, is charged to a dozen rules besides the verb's:
 * the generated route tables of the properties classify a PATCH route answering 405 by the route's
 * shape, not by its verb.)
 */
function verbFault(verb: string, method: string): Fault {
  const head = `${verb}<C extends Class>(uri: string, action: ActionFor<C>): Route {\n`;
  return {
    id: `registration-${verb}-closure-retried`, rule: `registration.${verb}`,
    description: `$router->${verb}() wraps a closure handler in a retry placed in finally instead of catch, so the closure runs twice per ${method} request`,
    patches: [{
      file: ROUTER,
      find: `${head}    return this.addRoute('${method}', uri, action as RouteAction);`,
      replace: [
        head.trimEnd(),
        '    const run = action as (...args: string[]) => unknown;',
        "    const retried = typeof action === 'function' && !isClass(action) ? (...args: string[]) => { try { return run(...args); } finally { run(...args); } } : action;",
        `    return this.addRoute('${method}', uri, retried as RouteAction);`,
      ].join('\n'),
    }],
  };
}

/** Faults written against the rules of the registration.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  verbFault('get', 'GET'),
  verbFault('post', 'POST'),
  verbFault('put', 'PUT'),
  verbFault('patch', 'PATCH'),
  verbFault('delete', 'DELETE'),
  {
    id: 'registration-put-falls-back-to-patch', rule: 'registration.method-only',
    description: 'a PUT request that matches no PUT route is served by a PATCH route of the same URI',
    patches: [{
      file: ROUTER,
      find: 'const result = this.routes.match(request.method, request.path);',
      replace: [
        'let result = this.routes.match(request.method, request.path);',
        "    if (request.method === 'PUT' && result.status === 405 && result.allowed.includes('PATCH')) result = this.routes.match('PATCH', request.path);",
      ].join('\n'),
    }],
  },
  {
    id: 'registration-name-resets-middleware', rule: 'registration.chain-middleware-then-name',
    description: 'name() rebuilds the route from its group attributes, so the middleware chained before name() is lost',
    patches: [
      {
        file: ROUTE,
        find: '  private routeName: string | undefined;',
        replace: '  private routeName: string | undefined;\n  private groupMiddleware = 0;',
      },
      {
        file: ROUTE,
        find: '    this.middlewareList.push(...list);',
        replace: '    this.middlewareList.push(...list);\n    if (this.index < 0) this.groupMiddleware = this.middlewareList.length;',
      },
      {
        file: ROUTE,
        find: '    this.routeName = name;',
        replace: '    this.routeName = name;\n    this.middlewareList.length = this.groupMiddleware;',
      },
    ],
  },
  {
    id: 'registration-named-route-frozen', rule: 'registration.chain-name-then-middleware',
    description: 'name() compiles the route, and middleware() on a named route throws "cannot modify a compiled route"',
    patches: [{
      file: ROUTE,
      find: '    for (const reference of list) this.hooks?.middlewareAdded(this, reference);',
      replace: [
        '    if (this.routeName !== undefined) throw new Error(`Route [${this}] is compiled: it cannot be modified.`);',
        '    for (const reference of list) this.hooks?.middlewareAdded(this, reference);',
      ].join('\n'),
    }],
  },
  {
    id: 'registration-middleware-string-as-list', rule: 'registration.middleware-string',
    description: 'middleware() takes its argument for a list, so a single class-name string is read character by character',
    patches: [{
      file: ROUTE,
      find: "const list = typeof references === 'string' || typeof references === 'function' ? [references] : references;",
      replace: "const list = typeof references === 'function' ? [references] : references;",
    }],
  },
  {
    id: 'registration-middleware-array-drops-last', rule: 'registration.middleware-array',
    description: 'Route::middleware() given an array drops its last entry (an off-by-one in the loop over the list)',
    patches: [{
      file: ROUTE,
      find: "const list = typeof references === 'string' || typeof references === 'function' ? [references] : references;",
      replace: "const list = typeof references === 'string' || typeof references === 'function' ? [references] : this.index < 0 ? references : references.slice(0, -1);",
    }],
  },
  {
    // conversion.closure's statement names exactly this (a closure's array becomes JSON); the closure itself ran and answered.
    id: 'registration-closure-array-as-text', rule: 'conversion.closure',
    description: 'the array a closure returns is sent as its JSON text with the text/html content type instead of as a JSON response',
    patches: [closureCall("return then(handler.fn(...positional(route, request)), (returned: unknown) => toResponse(typeof returned === 'object' && returned !== null ? JSON.stringify(returned) : returned));")],
  },
  {
    id: 'registration-closure-result-awaited-away', rule: 'registration.closure-direct',
    description: 'a closure handler is run as a "before" hook: what it returns is dropped and the route answers an empty 200',
    patches: [closureCall("return then(handler.fn(...positional(route, request)), () => toResponse(''));")],
  },
  {
    id: 'registration-closure-gets-map', rule: 'registration.closure-positional',
    description: 'closures receive the route parameters as one map instead of one argument each',
    patches: [closureCall('return then((handler.fn as (m: unknown) => unknown)(Object.fromEntries(route.paramNames.map((n, i) => [n, positional(route, request)[i]]))), toResponse);')],
  },
  {
    id: 'registration-closure-gets-request', rule: 'registration.closure-strings',
    description: 'closures of requests that carry a body receive the Request after the route parameters',
    patches: [closureCall('return then((handler.fn as (...a: unknown[]) => unknown)(...positional(route, request), ...(request.rawBody.length > 0 ? [request] : [])), toResponse);')],
  },
  {
    id: 'registration-action-cached-by-shape', rule: 'registration.controller-handler',
    description: 'the dispatcher caches the action to call by controller, HTTP method and URI shape (literal text left out), so two routes to one controller that differ only in literal text run the same action',
    patches: [
      {
        file: DISPATCHER,
        find: 'export class ControllerDispatcher {',
        replace: 'export class ControllerDispatcher {\n  private readonly actions = new Map<string, string>();\n',
      },
      {
        file: DISPATCHER,
        find: '        const action = controller[handler.method];',
        replace: [
          "        const shape = `${String(handler.controller)} ${route.method} ${route.uri.split('/').map((s) => (s.includes('{') ? '{}' : '*')).join('/')}`;",
          '        if (!this.actions.has(shape)) this.actions.set(shape, handler.method);',
          '        const action = controller[this.actions.get(shape) as string];',
        ].join('\n'),
      },
    ],
  },
];
