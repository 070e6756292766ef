'use strict';
/**
 * `npm run build` (and `npm pack`/`npm publish`, through prepack): the JavaScript the installed
 * package runs, in dist/. `tsc` compiles the runner and the steps file for file (tsconfig.build.json),
 * so that they keep one module instance each — the steps and the runner share modules in one
 * process. The reference adapter is a process of its own: esbuild bundles it into one file
 * (dist/reference/adapter.js; ninety files fewer in the package, one file to load when it starts)
 * with a source map beside it, so that --coverage still reports the reference's TypeScript lines in
 * a clone (the package leaves the map out, as it leaves out the sources). `tsc --noEmit` type-checks
 * the reference with everything else. Finally dist/BUILD records the build, for bin/fw-conformance.js.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');

function main() {
  const started = Date.now();
  fs.rmSync(DIST, { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  if (tsc.status !== 0) return fail(`tsc exited with ${tsc.status ?? tsc.signal}`);
  const esbuild = require('esbuild');
  // The reference adapter, and the reference framework as a library: the TypeScript skeleton of
  // `fw-conformance init --lang ts` runs on it until it is pointed at the implementer's framework.
  const result = esbuild.buildSync({
    entryPoints: {
      adapter: path.join(ROOT, 'reference', 'adapter', 'main.ts'),
      framework: path.join(ROOT, 'reference', 'src', 'index.ts'),
    },
    outdir: path.join(DIST, 'reference'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    sourcemap: 'linked',
    sourcesContent: false,
    // Libraries stay installed dependencies (ajv); only the reference's own files are joined.
    packages: 'external',
    // Controllers and middleware are named by their class names in traces: no renaming.
    keepNames: true,
    logLevel: 'error',
  });
  if (result.errors.length > 0) return fail('esbuild could not bundle the reference');
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
  fs.writeFileSync(path.join(DIST, 'BUILD'), `${JSON.stringify({ version, builtAt: new Date().toISOString() })}\n`);
  console.log(`build: dist/ in ${Date.now() - started} ms`);
  return 0;
}

function fail(message) {
  console.error(`build: ${message}`);
  return 1;
}

process.exitCode = main();
