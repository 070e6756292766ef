// adapter/framework.ts: YOUR FRAMEWORK. The skeleton calls the spec's Fw API (Application, Router,
// Controller, ...): by default the reference framework that comes with fw-conformance, so the
// skeleton runs before you port anything. Point this file at your framework's package, then fix
// what the compiler says in build.ts and catalog.ts.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const Fw = require('fw-conformance/dist/reference/framework.js');
