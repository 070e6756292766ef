import type { Fault } from '../Fault';

/** Faults written against the rules of the registration.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
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
