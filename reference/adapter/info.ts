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
