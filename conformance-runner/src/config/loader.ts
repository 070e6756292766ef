/**
 * The repository's TypeScript loader, for `node -r` in every process the repository's own tools
 * start from the sources (scripts/register.js: ts-node, transpile only, with a cache of its output).
 */
export { TYPESCRIPT_LOADER } from './layout';
