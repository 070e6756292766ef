import * as path from 'node:path';

/**
 * The repository's TypeScript loader, for `node -r` in every process the repository starts
 * (scripts/register.js: ts-node, transpile only, with a cache of its output). Absolute, because
 * cucumber resolves `requireModule` from its own folder and child processes start elsewhere.
 */
export const TYPESCRIPT_LOADER = path.resolve(__dirname, '..', '..', '..', 'scripts', 'register.js');
