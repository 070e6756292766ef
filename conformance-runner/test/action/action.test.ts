import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
const { parseArgs } = require('../../../scripts/action/args.js') as { parseArgs: (input: string) => string[] };

/*
 * action.yml's steps, run as GitHub runs them: its scripts in bash, the inputs as INPUT_*, the
 * GITHUB_* files of a job. The install step is GitHub's to run (it is `npm ci` of the action's own
 * copy); here FW_CONFORMANCE is the repository's command, which that step would record.
 */

const REPO = path.resolve(__dirname, '..', '..', '..');
/** The reference reports the suite's version (reference/adapter/info.ts), which names the artifact. */
const VERSION = (JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
const ACTION = fs.readFileSync(path.join(REPO, 'action.yml'), 'utf8');
const BIN = path.join(REPO, 'conformance-runner', 'bin', 'fw-conformance.js');
const FIXTURES = path.join(REPO, 'conformance-runner', 'test', 'fixtures', 'runner');
const dirs: string[] = [];

after(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function job(inputs: Record<string, string>, env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-action-'));
  dirs.push(dir);
  const files = { GITHUB_STEP_SUMMARY: path.join(dir, 'summary.md'), GITHUB_OUTPUT: path.join(dir, 'output'), GITHUB_ENV: path.join(dir, 'env') };
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...files, GITHUB_ACTION_PATH: REPO, GITHUB_WORKSPACE: dir, GITHUB_JOB: 'conformance', FW_CONFORMANCE: BIN, ...env };
  delete childEnv.NODE_TEST_CONTEXT;
  for (const [name, value] of Object.entries(inputs)) childEnv[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] = value;
  const r = spawnSync('bash', [path.join(REPO, 'scripts', 'action', 'gate.sh')], { cwd: dir, env: childEnv, encoding: 'utf8', timeout: 300_000 });
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  return { status: r.status, log: `${r.stdout}\n${r.stderr}`, summary: read(files.GITHUB_STEP_SUMMARY), output: read(files.GITHUB_OUTPUT), dir };
}

describe('action.yml', { timeout: 600_000 }, () => {
  it('declares every input its steps use, and runs the scripts it names', () => {
    const declared = new Set([...ACTION.slice(ACTION.indexOf('\ninputs:'), ACTION.indexOf('\noutputs:')).matchAll(/^ {2}([a-z-]+):$/gm)].map((m) => m[1]));
    const used = new Set([...ACTION.matchAll(/inputs\.([a-z-]+)/g)].map((m) => m[1]));
    assert.deepEqual([...used].filter((name) => !declared.has(name)), []);
    assert.deepEqual([...declared].filter((name) => !used.has(name)), []);
    for (const m of ACTION.matchAll(/\$GITHUB_ACTION_PATH\/([\w/.-]+)/g)) assert.ok(fs.existsSync(path.join(REPO, m[1]!)), m[1]);
    // Each INPUT_ the scripts read is set by action.yml from an input of that name.
    const scripts = ['install.sh', 'gate.sh', 'cache-key.sh', 'args.js'].map((f) => fs.readFileSync(path.join(REPO, 'scripts', 'action', f), 'utf8')).join('\n');
    for (const m of scripts.matchAll(/INPUT_([A-Z_]+)/g)) assert.match(ACTION, new RegExp(`INPUT_${m[1]}: \\$\\{\\{ inputs\\.${m[1]!.toLowerCase().replace(/_/g, '-')} \\}\\}`), `INPUT_${m[1]}`);
  });

  it('passes the gate on the reference: exit 0, conformance.md in the job summary, outputs set', () => {
    // Narrowed on purpose to one rule: a partial verdict whose gate passes (docs/reports.md).
    const ok = job({ args: '--reference --quiet --seed 1 --rule registration.get', out: 'reports' });
    assert.equal(ok.status, 0, ok.log);
    assert.match(ok.summary, /^# /m);
    const md = fs.readFileSync(path.join(ok.dir, 'reports', 'conformance.md'), 'utf8');
    assert.ok(ok.summary.startsWith(md), 'the job summary is conformance.md, then the artifact');
    assert.equal(ok.summary.slice(md.length), `\nReports (conformance.html, junit.xml, cucumber.html...): artifact \`fw-conformance-conformance-fw-reference-${VERSION}\`.\n`);
    assert.match(ok.output, /^verdict=partial$/m);
    assert.match(ok.output, /^exit-code=0$/m);
    assert.match(ok.output, /^percent=100$/m);
    assert.match(ok.output, /^report=reports\/conformance\.json$/m);
  });

  it('passes a bad command line on as exit 2, with a summary that says no report was written', () => {
    // --reference and --start exclude each other.
    const r = job({ start: 'true', args: '--reference' });
    assert.equal(r.status, 2, r.log);
    assert.match(r.summary, /No report was written \(exit 2\)/);
    assert.match(r.output, /^exit-code=2$/m);
  });

  it('fails the job when the gate fails: the exit code is the gate\'s', () => {
    const r = job({ start: `exec node ${path.join(FIXTURES, 'adapter.js')}`, args: '--quiet' }, { FW_CONFORMANCE_SUITE_DIR: path.join(FIXTURES, 'suite') });
    assert.equal(r.status, 1, r.log);
    assert.match(r.output, /^exit-code=1$/m);
    assert.match(r.output, /^verdict=fails$/m);
    assert.ok(r.summary.length > 0);
  });

  it('keeps an argument\'s quoting: --tags \'@a or @b\' on one line is one tag expression (it was exit 2, "unexpected argument or")', () => {
    const r = job({ args: "--reference --quiet --seed 1 --tags '@id:registration-verb-get or @id:registration-verb-post'", out: 'reports' });
    assert.equal(r.status, 0, r.log);
    const report = JSON.parse(fs.readFileSync(path.join(r.dir, 'reports', 'conformance.json'), 'utf8')) as { scenarios: Array<{ id: string }> };
    assert.deepEqual(report.scenarios.map((x) => x.id).sort(), ['registration-verb-get', 'registration-verb-post']);
  });

  it('takes args one a line (a YAML block) and as a JSON list', () => {
    const r = job({ args: '--reference\n--quiet\n--tags\n@id:registration-verb-get or @id:registration-verb-post\n', out: 'reports' });
    assert.equal(r.status, 0, r.log);
    assert.deepEqual(parseArgs('--tags\n  @a or @b  \n\n--seed\n1'), ['--tags', '@a or @b', '--seed', '1']);
    assert.deepEqual(parseArgs('["--tags", "@a or @b", "--start", "php -S $HOST:$PORT x.php"]'), ['--tags', '@a or @b', '--start', 'php -S $HOST:$PORT x.php']);
    assert.deepEqual(parseArgs(`--tags "@a or @b" --start 'php -S $HOST:$PORT' a\\ b $HOME *`), ['--tags', '@a or @b', '--start', 'php -S $HOST:$PORT', 'a b', '$HOME', '*']);
    assert.deepEqual(parseArgs(''), []);
    assert.throws(() => parseArgs("--tags '@a"), /unclosed ' quote/);
    assert.throws(() => parseArgs('["--seed", 1]'), /list of strings/);
  });

  it('a bad args value is a usage error (exit 2) said in the log', () => {
    const r = job({ args: "--reference --tags '@a", out: 'reports' });
    assert.equal(r.status, 2, r.log);
    assert.match(r.log, /fw-conformance action: args has an unclosed ' quote/);
    assert.match(r.output, /^exit-code=2$/m);
  });

  it('names the artifact by job and implementation, with the index of a matrix job; an input wins, made safe', () => {
    const args = '--reference --quiet --seed 1 --rule registration.get';
    const matrix = job({ args }, { GITHUB_JOB: 'certify', FW_JOB_INDEX: '2', FW_JOB_TOTAL: '3' });
    assert.ok(matrix.output.split('\n').includes(`artifact-name=fw-conformance-certify-fw-reference-${VERSION}-2`), matrix.output);
    const single = job({ args }, { GITHUB_JOB: 'certify', FW_JOB_INDEX: '0', FW_JOB_TOTAL: '1' });
    assert.ok(single.output.split('\n').includes(`artifact-name=fw-conformance-certify-fw-reference-${VERSION}`), single.output);
    const given = job({ args, 'artifact-name': 'reports: php 8.3/lumen' });
    assert.match(given.output, /^artifact-name=reports--php-8\.3-lumen$/m);
    assert.match(given.summary, /artifact `reports--php-8\.3-lumen`/);
    // The upload step takes the gate's name.
    assert.match(ACTION, /name: \$\{\{ steps\.gate\.outputs\.artifact-name \}\}/);
  });

  it('keys npm\'s cache on the suite\'s lock file, restores it before the install, and installs preferring it', () => {
    const key = (actionPath: string, env: Record<string, string> = {}) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-action-cache-'));
      dirs.push(dir);
      const output = path.join(dir, 'output');
      const r = spawnSync('bash', [path.join(REPO, 'scripts', 'action', 'cache-key.sh')], { encoding: 'utf8', env: { ...process.env, GITHUB_OUTPUT: output, GITHUB_ACTION_PATH: actionPath, RUNNER_OS: 'Linux', ...env } });
      assert.equal(r.status, 0, r.stderr);
      return Object.fromEntries(fs.readFileSync(output, 'utf8').trim().split('\n').map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    };
    const ours = key(REPO);
    assert.match(ours.key!, /^fw-conformance-npm-Linux-node\d+-[0-9a-f]{32}$/);
    assert.ok(ours.path!.length > 0 && path.isAbsolute(ours.path!), ours.path);
    assert.equal(key(REPO).key, ours.key, 'the same lock file, the same key');
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-action-lock-'));
    dirs.push(other);
    fs.writeFileSync(path.join(other, 'package-lock.json'), fs.readFileSync(path.join(REPO, 'package-lock.json'), 'utf8').replace('"version": "0.', '"version": "9.'));
    assert.notEqual(key(other).key, ours.key, 'another lock file, another key');
    assert.notEqual(key(REPO, { INPUT_SUITE_VERSION: '0.2.0' }).key, ours.key);
    const cacheStep = ACTION.indexOf('uses: actions/cache@v4');
    assert.ok(cacheStep > 0 && cacheStep < ACTION.indexOf('name: Install fw-conformance'), 'the cache is restored before the install');
    assert.match(ACTION, /key: \$\{\{ steps\.cache-key\.outputs\.key \}\}/);
    assert.match(ACTION, /path: \$\{\{ steps\.cache-key\.outputs\.path \}\}/);
    const install = fs.readFileSync(path.join(REPO, 'scripts', 'action', 'install.sh'), 'utf8');
    assert.equal(install.match(/npm (ci|install) --prefix "\$prefix" --prefer-offline|npm ci --prefer-offline/g)?.length, 2);
  });

  it('documents every output it sets, and sets every output it documents', () => {
    const outputs = ACTION.slice(ACTION.indexOf('\noutputs:'), ACTION.indexOf('\nruns:'));
    const documented = [...outputs.matchAll(/^ {2}([a-z-]+):\n {4}description: .{20,}\n {4}value: \$\{\{ steps\.gate\.outputs\.([a-z-]+) \}\}$/gm)];
    assert.deepEqual(documented.map((m) => m[1]), documented.map((m) => m[2]));
    const gate = fs.readFileSync(path.join(REPO, 'scripts', 'action', 'gate.sh'), 'utf8');
    const set = [...gate.matchAll(/echo "([a-z-]+)=/g)].map((m) => m[1]).sort();
    assert.deepEqual(documented.map((m) => m[1]).sort(), set);
    assert.deepEqual(set, ['artifact-name', 'exit-code', 'percent', 'report', 'verdict']);
  });
});
