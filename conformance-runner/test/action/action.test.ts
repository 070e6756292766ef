import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';

/*
 * action.yml's steps, run as GitHub runs them: its scripts in bash, the inputs as INPUT_*, the
 * GITHUB_* files of a job. The install step is GitHub's to run (it is `npm ci` of the action's own
 * copy); here FW_CONFORMANCE is the repository's command, which that step would record.
 */

const REPO = path.resolve(__dirname, '..', '..', '..');
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
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...files, GITHUB_ACTION_PATH: REPO, GITHUB_WORKSPACE: dir, FW_CONFORMANCE: BIN, ...env };
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
    const scripts = ['install.sh', 'gate.sh'].map((f) => fs.readFileSync(path.join(REPO, 'scripts', 'action', f), 'utf8')).join('\n');
    for (const m of scripts.matchAll(/INPUT_([A-Z_]+)/g)) assert.match(ACTION, new RegExp(`INPUT_${m[1]}: \\$\\{\\{ inputs\\.${m[1]!.toLowerCase().replace(/_/g, '-')} \\}\\}`), `INPUT_${m[1]}`);
  });

  it('passes the gate on the reference: exit 0, conformance.md in the job summary, outputs set', () => {
    // Narrowed on purpose to one rule: a partial verdict whose gate passes (docs/reports.md).
    const ok = job({ args: '--reference --quiet --seed 1 --rule registration.get', out: 'reports' });
    assert.equal(ok.status, 0, ok.log);
    assert.match(ok.summary, /^# /m);
    assert.equal(ok.summary, fs.readFileSync(path.join(ok.dir, 'reports', 'conformance.md'), 'utf8'));
    assert.match(ok.output, /^verdict=partial$/m);
    assert.match(ok.output, /^exit-code=0$/m);
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
});
