import * as assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fillCatalog } from '../fixtures/fillCatalog';

/*
 * The package as a user gets it: `npm pack` (which builds dist/ through prepack) in a copy of the
 * repository, `npm install` of the tarball into an empty project, and from there the commands the
 * README and the guide give — help, the adapter check and a full run against the bundled
 * reference, and both `init` skeletons, stubbed (the check names every entry left) and filled
 * (the check passes). The installed package has no TypeScript compiler: the TypeScript skeleton
 * brings its own (adapter/package.json, installed from the registry as init says), and is started
 * exactly as init prints it.
 */

const REPO = path.resolve(__dirname, '..', '..', '..');
const FIXTURES = path.join(REPO, 'conformance-runner', 'test', 'fixtures');
/** What the package's build needs besides the `files` it ships. */
const BUILD_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/build.js', 'scripts/register.js', 'scripts/fill-ts-cache.js', 'LICENSE', 'README.md',
  'action.yml', 'conformance-runner/bin', 'conformance-runner/schema', 'conformance-runner/src', 'conformance-runner/templates',
  'steps', 'reference/src', 'reference/adapter', 'features', 'spec', 'docs'];
// 258 before the API; 281 in 0.2.0 (the properties' corpus, the model's difference modules, the
// TypeScript skeleton's own package.json and start.sh, the applications claim and the hostile-input
// guards). A budget against shipping what users do not run (tests, sources, maps), not a target.
const MAX_FILES = 320;
// 400 kB until 0.2.0 added the API's types (dist/index.d.ts), the annotated spec's renderer and the
// properties' corpus: 429 kB at 0.2.0.
const MAX_PACKED_BYTES = 460 * 1024;

const php = spawnSync('php', ['--version'], { encoding: 'utf8' });
const phpMissing = php.error !== undefined || php.status !== 0 ? 'php is not installed (the PHP skeleton is run where it is)' : false;

let work: string;
let project: string;
let bin: string;
let packed: { entryCount: number; size: number; files: { path: string }[] };

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number }): SpawnSyncReturns<string> {
  const env = { ...process.env, ...options.env };
  // A run of the repository's own must not leak into the installed package's.
  for (const name of ['FW_CONFORMANCE_SUITE_DIR', 'FW_FROM_SOURCES', 'NODE_TEST_CONTEXT']) delete env[name];
  return spawnSync(command, args, { encoding: 'utf8', timeout: options.timeout ?? 120_000, cwd: options.cwd, env });
}

/** The lines of `init`'s "Next:" that are commands, as printed (a comment after `#` included). */
function printedCommands(out: string): string[] {
  return out.slice(out.indexOf('\nNext:\n')).split('\n').map((l) => l.trim()).filter((l) => /^(cd|npm|npx) /.test(l));
}

/** The checks --check-adapter reports with a status, from its text output. */
function checksWith(status: string, out: string): string[] {
  return [...out.matchAll(new RegExp(`^${status} {2}(\\S+)`, 'gm'))].map((m) => m[1]!);
}

/** Catalog checks of every capability that has catalog entries: all of them fail while the catalog is stubs. */
const CATALOG_STUBBED = ['catalog.routing', 'catalog.middleware', 'catalog.resources', 'catalog.injection', 'catalog.form-requests', 'catalog.models',
  'catalog.views', 'catalog.base-controller', 'catalog.factory-content', 'catalog.factory-redirects', 'catalog.factory-api'];

function show(r: SpawnSyncReturns<string>): string {
  return `exit ${r.status}${r.error ? ` (${r.error.message})` : ''}\n--- stdout\n${r.stdout.slice(-4000)}\n--- stderr\n${r.stderr.slice(-4000)}`;
}

/** The installed command, run from the project (the way `npx fw-conformance` runs it). */
function fwConformance(args: string[], cwd = project, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return run(process.execPath, [bin, ...args], { cwd, env, timeout: 300_000 });
}

describe('the npm package', { timeout: 900_000 }, () => {
  before(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-package-'));
    const stage = path.join(work, 'stage');
    for (const input of BUILD_INPUTS) {
      const from = path.join(REPO, input);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(stage, input), { recursive: true });
    }
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(stage, 'node_modules'));
    // npm pack runs prepare (the TypeScript cache: off, a throw-away copy) and prepack (the build).
    const pack = run('npm', ['pack', '--json', '--pack-destination', work], { cwd: stage, env: { FW_TS_CACHE: 'off' }, timeout: 300_000 });
    assert.equal(pack.status, 0, show(pack));
    packed = (JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as typeof packed[])[0]!;
    project = path.join(work, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'fw-package-test', version: '1.0.0', private: true }));
    const tarball = fs.readdirSync(work).find((f) => f.endsWith('.tgz'))!;
    const install = run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', path.join(work, tarball)], { cwd: project, timeout: 300_000 });
    assert.equal(install.status, 0, show(install));
    bin = path.join(project, 'node_modules', 'fw-conformance', 'conformance-runner', 'bin', 'fw-conformance.js');
  });

  after(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  /** A temporary folder inside the work folder, for what the adapters' tools write there. */
  function tmp(): string {
    return fs.mkdtempSync(path.join(work, 'tmp-'));
  }

  it(`packs compiled JavaScript only, in at most ${MAX_FILES} files and ${MAX_PACKED_BYTES / 1024} kB`, () => {
    const files = packed.files.map((f) => f.path);
    assert.ok(packed.entryCount <= MAX_FILES, `${packed.entryCount} files`);
    assert.ok(packed.size <= MAX_PACKED_BYTES, `${packed.size} bytes packed`);
    assert.deepEqual(files.filter((f) => f.endsWith('.ts') && !f.startsWith('conformance-runner/templates/') && f !== 'dist/index.d.ts'), [], 'TypeScript outside the templates and the API\'s types');
    assert.deepEqual(files.filter((f) => /(^|\/)(test|selftest|bench|\.ci)\//.test(f) || f.endsWith('.map')), []);
    for (const needed of ['LICENSE', 'dist/index.d.ts', 'dist/conformance-runner/src/api/index.js', 'dist/conformance-runner/src/cli/main.js', 'dist/reference/adapter.js', 'features/rules.json', 'spec/routing-and-controllers.md', 'docs/writing-an-adapter.md']) {
      assert.ok(files.includes(needed), `${needed} is in the package`);
    }
  });

  it('installs without a TypeScript compiler and answers --help', () => {
    const modules = path.join(project, 'node_modules');
    assert.equal(fs.existsSync(path.join(modules, 'typescript')), false, 'typescript is installed');
    assert.equal(fs.existsSync(path.join(modules, 'ts-node')), false, 'ts-node is installed');
    const help = fwConformance(['--help']);
    assert.equal(help.status, 0, show(help));
    assert.match(help.stdout, /--reference/);
    assert.equal(fwConformance(['--no-such-option']).status, 2);
  });

  it('is imported by a framework\'s own test, as the README shows (docs/examples/conformance.test.mjs): certify() returns the report', () => {
    const example = fs.readFileSync(path.join(REPO, 'docs', 'examples', 'conformance.test.mjs'), 'utf8');
    assert.ok(fs.readFileSync(path.join(REPO, 'README.md'), 'utf8').includes(example.trim()), 'the README shows the example as it is');
    // The framework's adapter: the bundled reference stands in for it.
    fs.mkdirSync(path.join(project, 'adapter'), { recursive: true });
    fs.writeFileSync(path.join(project, 'adapter', 'main.js'), "require('../node_modules/fw-conformance/dist/reference/adapter.js');\n");
    fs.mkdirSync(path.join(project, 'test'), { recursive: true });
    fs.writeFileSync(path.join(project, 'test', 'conformance.test.mjs'), example);
    const r = run(process.execPath, ['--test', '--test-reporter=tap', 'test/'], { cwd: project, timeout: 300_000 });
    assert.equal(r.status, 0, show(r));
    assert.match(r.stdout, /^# pass 1$/m, show(r));
    // The report object: a narrowed run is partial, and its gate passes.
    const check = run(process.execPath, ['--input-type=module', '-e', `import { certify, CertifyError } from 'fw-conformance';
      const report = await certify({ start: 'node adapter/main.js', rules: ['registration.get'], seed: 1 });
      let refused = '';
      try { await certify({ reference: true, start: 'x' }); } catch (err) { refused = err instanceof CertifyError ? err.message : String(err); }
      console.log(JSON.stringify({ verdict: report.verdict, gate: report.gate.pass, scenarios: report.scenarios.length, refused }));`], { cwd: project });
    assert.equal(check.status, 0, show(check));
    const got = JSON.parse(check.stdout.trim().split('\n').pop()!) as { verdict: string; gate: boolean; scenarios: number; refused: string };
    assert.deepEqual({ ...got, refused: undefined }, { verdict: 'partial', gate: true, scenarios: 1, refused: undefined });
    assert.match(got.refused, /--reference .*not with them/);
    assert.deepEqual(fs.readdirSync(project).sort(), ['adapter', 'node_modules', 'package-lock.json', 'package.json', 'test'], 'certify() writes no report folder unless asked');
  });

  it('types the API: dist/index.d.ts resolves from the package and rejects a wrong option', () => {
    const file = path.join(project, 'uses-api.ts');
    fs.writeFileSync(file, `import { certify, CertifyError, type ConformanceReport, type CertifyOptions } from 'fw-conformance';
const options: CertifyOptions = { start: 'node adapter/main.js', levels: ['must'], profile: ['routing', 'groups'] };
const report: Promise<ConformanceReport> = certify(options);
void report.then((r) => r.rules.map((rule) => rule.id + rule.status + r.verdict.toUpperCase()));
void new CertifyError('x').message;
// @ts-expect-error: no such option
void certify({ start: 'x', noSuchOption: true });
// @ts-expect-error: not a level
void certify({ start: 'x', levels: ['should'] });
`);
    const tsc = run(process.execPath, [require.resolve('typescript/bin/tsc'), '--noEmit', '--strict', '--module', 'node16', '--moduleResolution', 'node16', '--target', 'ES2022',
      '--types', 'node', '--typeRoots', path.join(REPO, 'node_modules', '@types'), file], { cwd: project });
    assert.equal(tsc.status, 0, show(tsc));
    fs.rmSync(file);
  });

  it('checks and certifies the bundled reference: exit 0, verdict conforms', () => {
    const check = fwConformance(['--check-adapter', '--reference']);
    assert.equal(check.status, 0, show(check));
    const full = fwConformance(['--reference', '--out', 'reports', '--quiet']);
    assert.equal(full.status, 0, show(full));
    const report = JSON.parse(fs.readFileSync(path.join(project, 'reports', 'conformance.json'), 'utf8')) as { verdict: string };
    assert.equal(report.verdict, 'conforms');
  });

  it('init --lang ts: the commands it prints install and start the skeleton, and the check lists every stub left, the framework first', () => {
    // tsx caches what it compiles under TMPDIR: kept in the work folder, which goes at the end.
    const env = { TMPDIR: tmp(), npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
    const init = fwConformance(['init', '--lang', 'ts', '.']);
    assert.equal(init.status, 0, show(init));
    assert.equal(fwConformance(['init', '--lang', 'ts', '.']).status, 2, 'init never overwrites');
    const commands = printedCommands(init.stdout);
    assert.deepEqual(commands.map((c) => c.split('#')[0]!.trim()), ['npm install --prefix adapter', 'npx fw-conformance --check-adapter --start adapter/start.sh'], init.stdout);
    const [install, check] = commands.map((c) => run('sh', ['-c', c], { cwd: project, env, timeout: 300_000 }));
    assert.equal(install!.status, 0, show(install!));
    assert.equal(check!.status, 1, show(check!));
    // No framework bound yet: every application request answers not-ported, so each check that
    // needs one fails saying so, and each catalog check lists its every entry.
    assert.deepEqual(checksWith('FAIL', check!.stdout), ['app.request', 'app.trace', 'app.trace-empty', 'echo', 'route-files.loaded', 'route-files.unlisted', ...CATALOG_STUBBED], show(check!));
    assert.match(check!.stdout, /^FAIL {2}app\.request .*\n.*X-Fw-Error: not-ported .*not ported: adapter\/framework\.ts /m);
    assert.match(check!.stdout, /FAIL {2}catalog\.routing .*\n.*not ported yet \(21 of 21\): EchoController@none, /);
    assert.match(check!.stdout, /FAIL {2}catalog\.resources .*\n.*not ported yet \(7 of 7\): PhotoController@index, .*, PhotoController@destroy\n/);
    assert.deepEqual(checksWith('WARN', check!.stdout), ['boot-error'], 'the stubbed framework refuses nothing');
    // The TypeScript it pins accepts the skeleton and its tsconfig.
    const typecheck = run('npm', ['run', '--prefix', 'adapter', 'typecheck'], { cwd: project, env });
    assert.equal(typecheck.status, 0, show(typecheck));
  });

  it('init --lang ts --example-framework: on the reference framework the check names every catalog stub; filled, it passes', () => {
    const env = { TMPDIR: tmp() };
    const init = fwConformance(['init', '--lang', 'ts', '--example-framework', 'ts-example']);
    assert.equal(init.status, 0, show(init));
    assert.deepEqual(printedCommands(init.stdout).map((c) => c.split('#')[0]!.trim()),
      ["cd 'ts-example'", 'npm install --prefix adapter', 'npx fw-conformance --check-adapter --start adapter/start.sh'], init.stdout);
    const dir = path.join(project, 'ts-example');
    // The packages the previous test installed from the registry, rather than a second install.
    fs.symlinkSync(path.join(project, 'adapter', 'node_modules'), path.join(dir, 'adapter', 'node_modules'));
    const start = ['--check-adapter', '--start', 'adapter/start.sh'];
    const stubbed = fwConformance(start, dir, env);
    assert.equal(stubbed.status, 1, show(stubbed));
    assert.deepEqual(checksWith('FAIL', stubbed.stdout), ['echo', ...CATALOG_STUBBED], show(stubbed));
    const typecheck = run('npm', ['run', '--prefix', 'adapter', 'typecheck'], { cwd: dir, env });
    assert.equal(typecheck.status, 0, show(typecheck));
    // The routing fixture is written for the reference framework, which it reaches through the package.
    const catalog = path.join(dir, 'adapter', 'catalog.ts');
    const reference = "import { createRequire } from 'node:module';\nconst Fw = createRequire(import.meta.url)('fw-conformance/dist/reference/framework.js');\n";
    fs.writeFileSync(catalog, reference + fillCatalog(catalog, path.join(FIXTURES, 'ts', 'catalog-routing.ts')));
    const filled = fwConformance(start, dir, env);
    assert.equal(filled.status, 0, show(filled));
  });

  it('writes a PHP skeleton whose stubs fail the check by name, and which passes once they are filled', { skip: phpMissing }, () => {
    const dir = path.join(work, 'php-adapter');
    const init = fwConformance(['init', '--lang', 'php', '--example-framework', dir]);
    assert.equal(init.status, 0, show(init));
    const env = { TMPDIR: dir };
    const stubbed = fwConformance(['--check-adapter', '--start', 'adapter/start.sh'], dir, env);
    assert.equal(stubbed.status, 1, show(stubbed));
    assert.match(stubbed.stdout, /FAIL {2}catalog\.middleware .*\n.*not ported yet \(5 of 5\): TraceA, TraceB, TraceC, Block, WithClock/);
    const catalog = path.join(dir, 'adapter', 'catalog.php');
    fs.writeFileSync(catalog, fillCatalog(catalog, path.join(FIXTURES, 'php', 'catalog-routing.php')));
    const filled = fwConformance(['--check-adapter', '--start', 'adapter/start.sh'], dir, env);
    assert.equal(filled.status, 0, show(filled));
    // The toy framework is no conforming implementation: the full run fails, with its reports.
    const full = fwConformance(['--start', 'adapter/start.sh', '--out', 'reports', '--quiet'], dir, env);
    assert.equal(full.status, 1, show(full));
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'reports', 'conformance.json'), 'utf8')) as { verdict: string; gate: { pass: boolean } };
    assert.equal(report.gate.pass, false);
    assert.ok(['fails', 'partial'].includes(report.verdict), report.verdict);
  });
});
