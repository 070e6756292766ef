import type { Fault } from './Fault';

/**
 * The self-test's catalog of faults (selftest/run.ts): for every must and implied rule at least
 * one realistic defect, written against that rule. A fault is a patch to a scratch copy of the
 * reference (the text to find must occur exactly once) or a proxy transform.
 */
export const FAULTS: Fault[] = [
  // Errors
  {
    id: 'errors-405-without-allow', rule: 'errors.allow-header',
    description: '405 answers carry no Allow header',
    proxy: 'strip-allow',
  },
  // URL generation
  {
    id: 'url-absolute', rule: 'url.path',
    description: 'UrlGenerator::route() returns absolute URLs (http://localhost/users/7), as one real framework does',
    proxy: 'absolute-urls',
  },
  // Conversion
  {
    id: 'conversion-numbers-as-strings', rule: 'conversion.array',
    description: 'the JSON serializer writes every number of a converted array as a string',
    proxy: 'numbers-as-strings',
  },
  // Named routes
  {
    id: 'named-name-ignored', rule: 'named.name',
    description: 'Route::name() returns the route without registering the name',
    patches: [{ file: 'reference/src/routing/Route.ts', find: '    this.hooks?.named(this, name);\n    this.routeName = name;\n', replace: '' }],
  },
  // Registration
  {
    id: 'registration-closure-gets-map', rule: 'registration.closure-positional',
    description: 'closures receive the route parameters as one map instead of one argument each',
    patches: [{
      file: 'reference/src/http/ControllerDispatcher.ts',
      find: 'return toResponse(await handler.fn(...positional(route, request)));',
      replace: 'return toResponse(await (handler.fn as (m: unknown) => unknown)(Object.fromEntries(route.paramNames.map((n, i) => [n, positional(route, request)[i]]))));',
    }],
  },
];
