import * as path from 'node:path';
import { PACKAGE_ROOT } from './packageRoot';

// eslint-disable-next-line @typescript-eslint/no-var-requires
const pkg = require(path.join(PACKAGE_ROOT, 'package.json')) as { version: string };

export const IMPLEMENTATION = { name: 'fw-reference', version: pkg.version, language: 'TypeScript' };

/** The reference implements the whole spec. */
export const CAPABILITIES = [
  'routing', 'groups', 'middleware', 'route-middleware', 'resources', 'named-routes', 'url-generation',
  'injection', 'form-requests', 'models', 'views', 'base-controller', 'factory-content',
  'factory-redirects', 'factory-api', 'route-files',
];

/**
 * How many application requests the adapter serves at once (§2.2 `concurrency`): Node.js takes any
 * number, one turn of its event loop at a time; 8 is what the runner uses at most, and what keeps
 * a target that waits (a proxy that delays each request, bench/latency.ts) busy.
 */
export const CONCURRENCY = 8;
