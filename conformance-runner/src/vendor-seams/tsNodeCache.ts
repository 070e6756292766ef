/**
 * Seam: the repository's TypeScript loader, scripts/register.js, written against ts-node 10.9.2,
 * typescript 5.9.3 and @cspotcode/source-map-support 0.8.1, on Node 20. Its code stays in
 * scripts/register.js: it is what lets Node load TypeScript at all, so it is plain JavaScript,
 * loaded with `node -r` before anything of conformance-runner/src, and a build input of the package
 * (scripts/build.js compiles dist/ through it). This file is its entry among the seams.
 *
 * What it relies on: Node's `require.extensions['.ts']` hook (deprecated, still the way ts-node
 * registers itself) and `Module.prototype._compile`; ts-node's `create({ transpileOnly }).compile()`,
 * whose output, with its inline source map, is kept on disk keyed by ts-node's and TypeScript's
 * versions; V8's `Error.prepareStackTrace`, wrapped so that stacks without a TypeScript frame are not
 * mapped.
 *
 * What it buys, measured side by side (paired runs of `npm run conformance` with --seed 1 on a
 * shared 2-core machine, the cache against `FW_TS_CACHE=off`, which compiles as ts-node alone):
 * wall time 0.64 of the run without it (median of 4 pairs, 0.60 to 0.68), CPU 0.60. Users of the
 * installed package never meet it: they run dist/.
 *
 * Upstream: ts-node has no cache of its output (TypeStrong/ts-node, `src/index.ts`, `create()`:
 * the `compile` of a service is all there is); one there, or Node's own type stripping on a Node
 * this package supports, ends this seam.
 *
 * When a dependency moves: conformance-runner/test/vendor-seams/versions.test.ts fails at once;
 * conformance-runner/test/cli/typescriptLoader.test.ts checks what the loader does.
 */
export const TS_NODE_CACHE_SEAM = [
  { dependency: 'ts-node', writtenAgainst: '10.9.2' },
  { dependency: 'typescript', writtenAgainst: '5.9.3' },
  { dependency: '@cspotcode/source-map-support', writtenAgainst: '0.8.1' },
] as const;
