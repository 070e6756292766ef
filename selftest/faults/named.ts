import type { Fault } from '../Fault';

/** Faults written against the rules of the named.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'named-name-ignored', rule: 'named.name',
    description: 'Route::name() returns the route without registering the name',
    patches: [{ file: 'reference/src/routing/Route.ts', find: '    this.hooks?.named(this, name);\n    this.routeName = name;\n', replace: '' }],
  },
];
