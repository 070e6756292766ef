'use strict';
/**
 * `npm run build` (and `npm pack`/`npm publish`, through prepack): the JavaScript the installed
 * package runs, in dist/. `tsc` compiles the runner and the steps file for file (tsconfig.build.json),
 * so that they keep one module instance each — the steps and the runner share modules in one
 * process. The reference adapter is a process of its own: esbuild bundles it into one file
 * (dist/reference/adapter.js; ninety files fewer in the package, one file to load when it starts)
 * with a source map beside it, so that --coverage still reports the reference's TypeScript lines in
 * a clone (the package leaves the map out, as it leaves out the sources). `tsc --noEmit` type-checks
 * the reference with everything else. The protocol's schemas are compiled into ajv's standalone
 * code (dist/conformance-runner/src/protocol/precompiledSchemas.js). Finally dist/BUILD records the
 * build, for bin/fw-conformance.js.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');

async function main() {
  const started = Date.now();
  fs.rmSync(DIST, { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  if (tsc.status !== 0) return fail(`tsc exited with ${tsc.status ?? tsc.signal}`);
  removeTypeOnlyModules(DIST);
  // The protocol's schemas as ajv's standalone code (conformance-runner/src/protocol/precompiled.ts):
  // the compiled runner starts without loading ajv or compiling them.
  const precompiled = require(path.join(DIST, 'conformance-runner', 'src', 'protocol', 'precompiled.js'));
  fs.writeFileSync(precompiled.PRECOMPILED_FILE, precompiled.precompiledSource(path.join(ROOT, 'conformance-runner', 'schema')));
  const esbuild = require('esbuild');
  // The reference framework as a library (the TypeScript skeleton of `fw-conformance init --lang
  // ts` runs on it until it is pointed at the implementer's framework), and the reference adapter,
  // which requires that library rather than holding a second copy of the framework.
  const common = {
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
  };
  const framework = await esbuild.build({ ...common, entryPoints: [path.join(ROOT, 'reference', 'src', 'index.ts')], outfile: path.join(DIST, 'reference', 'framework.js') });
  const adapter = await esbuild.build({
    ...common,
    entryPoints: [path.join(ROOT, 'reference', 'adapter', 'main.ts')],
    outfile: path.join(DIST, 'reference', 'adapter.js'),
    plugins: [{
      name: 'framework-library',
      setup(build) {
        // The framework's public entry (`../src`, `../../src`) is the library next to the bundle.
        build.onResolve({ filter: /^(\.\.\/)+src$/ }, () => ({ path: './framework.js', external: true }));
      },
    }],
  });
  if (framework.errors.length + adapter.errors.length > 0) return fail('esbuild could not bundle the reference');
  writeApiTypes();
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
  fs.writeFileSync(path.join(DIST, 'BUILD'), `${JSON.stringify({ version, builtAt: new Date().toISOString() })}\n`);
  console.log(`build: dist/ in ${Date.now() - started} ms`);
  return 0;
}

/**
 * tsc emits a module for every source file, also for those that declare types only (types.ts,
 * model/verdict.ts): two lines that nothing requires, since imports of types are erased. They are
 * left out of the package, whose file count the package test bounds. A module some compiled file
 * still requires (re-exported with `export *`, say) stays.
 */
function removeTypeOnlyModules(dir) {
  const files = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) files.push(full);
    }
  };
  walk(dir);
  const EMPTY = '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n';
  const required = new Set();
  for (const file of files) {
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(/require\("(\.{1,2}\/[^"]*)"\)/g)) {
      const target = path.resolve(path.dirname(file), spec);
      required.add(target.endsWith('.js') ? target : `${target}.js`);
      required.add(path.join(target, 'index.js'));
    }
  }
  for (const file of files) {
    if (!required.has(file) && fs.readFileSync(file, 'utf8') === EMPTY) fs.rmSync(file);
  }
}

/**
 * dist/index.d.ts: the programmatic API's types in one file (`import { certify } from
 * 'fw-conformance'`), bundled by dts-bundle-generator from conformance-runner/src/api/types.ts with
 * their JSDoc; a .d.ts per module would add some 150 files to the package. `certify` is declared
 * with the type its implementation is checked against (api/certify.ts).
 */
function writeApiTypes() {
  const { generateDtsBundle } = require('dts-bundle-generator');
  const [types] = generateDtsBundle([{ filePath: path.join(ROOT, 'conformance-runner', 'src', 'api', 'types.ts'), output: { noBanner: true } }],
    { preferredConfigPath: path.join(ROOT, 'tsconfig.json') });
  fs.writeFileSync(path.join(DIST, 'index.d.ts'), `${types}\n/** Runs the suite against the target and resolves with its report (see Certify). */\nexport declare const certify: Certify;\n`);
}

function fail(message) {
  console.error(`build: ${message}`);
  return 1;
}

main().then((code) => { process.exitCode = code; }, (err) => { console.error(`build: ${err.message}`); process.exitCode = 1; });
