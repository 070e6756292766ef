import type { Fault } from '../Fault';

/**
 * Faults in the shape of a whole framework rather than one line of the reference: how it passes
 * parameters, types its answers, reads its routes — and two independent faults at once, which must
 * give two roots, neither blocked by the other (docs/reports.md, "One fault, one rule").
 */
export const FAULTS: Fault[] = [
  {
    id: 'hole-capture-group-shifts-parameters', rule: 'dispatch.extract-by-name',
    description: 'the pattern compiler numbers parameter groups one after the other, forgetting the capture groups inside constraints, so a parameter after one gets the inner group\'s text',
    patches: [
      { file: 'reference/src/routing/RoutePattern.ts', find: '        group += 1 + token.innerGroups;', replace: '        group += 1;' },
      { file: 'reference/src/routing/matcher/segments.ts', find: '      group += 1 + part.innerGroups;', replace: '      group += 1;' },
    ],
  },
  {
    id: 'hole-falsy-return-empty', rule: 'conversion.closure',
    description: 'a handler that returns 0 or "0" is taken for one that returned nothing (a PHP-style truthiness test), so the body is empty',
    patches: [{
      file: 'reference/src/http/toResponse.ts',
      find: "  if (value === null || value === undefined) return new Response('');",
      replace: "  if (value === null || value === undefined || value === 0 || value === '0') return new Response('');",
    }],
  },
  {
    id: 'hole-middleware-cached-by-uri', rule: 'middleware.matched-route-only',
    description: 'the middleware list is cached by request path, so the second method of a URI reuses the first method\'s middleware',
    patches: [{
      file: 'reference/src/routing/Router.ts',
      find: '    const middleware = route.getMiddleware();',
      replace: '    const cache = ((this as unknown as { mwCache?: Map<string, ReturnType<typeof route.getMiddleware>> }).mwCache ??= new Map());\n    const middleware = cache.get(request.path) ?? route.getMiddleware();\n    cache.set(request.path, middleware);',
    }],
  },
  {
    id: 'shape-context-object', rule: 'injection.route-param',
    description: 'actions receive one context object in place of each route parameter they declare',
    proxy: 'context-object',
  },
  {
    id: 'shape-strings-as-plain', rule: 'conversion.string',
    description: 'every string body goes out as text/plain instead of text/html',
    proxy: 'html-as-plain',
  },
  {
    id: 'shape-constraints-ignored', rule: 'params.constraint-regex',
    description: 'the router ignores constraints: {id:[0-9]+} is registered as {id}',
    proxy: 'constraints-ignored',
  },
  {
    id: 'shape-never-cast', rule: 'injection.cast-int', also: ['injection.cast-float', 'injection.cast-bool'],
    description: 'route parameters are never cast: int, float and bool parameters receive the URI text',
    proxy: 'never-cast',
  },
  {
    id: 'shape-reversed-middleware-list', rule: 'middleware.list-order',
    description: 'every middleware list (of a route or a group) runs in reverse order',
    proxy: 'reverse-middleware-lists',
  },
  {
    id: 'two-plain-strings-and-reversed-lists', rule: 'conversion.string', also: ['middleware.list-order'],
    description: 'two independent faults: strings as text/plain, and middleware lists run in reverse',
    proxy: 'html-as-plain+reverse-middleware-lists',
  },
  {
    id: 'two-context-object-and-absolute-urls', rule: 'injection.route-param', also: ['url.path'],
    description: 'two independent faults: a context object for every route parameter, and absolute URLs from the generator',
    proxy: 'context-object+absolute-urls',
  },
  {
    id: 'two-numbers-as-strings-and-no-allow', rule: 'conversion.array', also: ['errors.allow-header'],
    description: 'two independent faults: JSON numbers written as strings, and 405 answers without Allow',
    proxy: 'numbers-as-strings+strip-allow',
  },
];
