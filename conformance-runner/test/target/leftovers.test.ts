import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../tempDirs';

/*
 * A run leaves nothing in the temporary folder: each one here runs with TMPDIR set to a folder of
 * its own, which must be empty afterwards. The framework's log goes beside the reports
 * (FW_LOG_DIR, protocol §1) as framework.log, or with the adapter's store under --out -.
 */

const REPO = path.resolve(__dirname, '..', '..', '..');
const BIN = path.join(REPO, 'conformance-runner', 'bin', 'fw-conformance.js');
const hasPhp = spawnSync('php', ['--version']).status === 0;
const lumen = hasPhp && fs.existsSync('/usr/share/php/Laravel/Lumen/Application.php') ? false : 'PHP and Lumen are not installed';

function run(args: string[], cwd: string, tmp: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
  delete env.FW_CONFORMANCE_SUITE_DIR;
  return spawnSync(process.execPath, [BIN, ...args], { cwd, env, encoding: 'utf8', timeout: 180_000, maxBuffer: 64 * 1024 * 1024 });
}

describe('runs leave nothing in the temporary folder', { timeout: 400_000 }, () => {
  // closure-positional: Lumen renders a BindingResolutionException, which its log records.
  const narrow = ['--rule', 'registration.closure-positional', '--seed', '1', '--skip-adapter-check', '--quiet'];

  it('Lumen: its log becomes framework.log beside the reports', { skip: lumen }, () => {
    const tmp = tempDir('fw-tmp-');
    const out = tempDir('fw-reports-');
    const r = run(['--start', 'adapters/lumen/start.sh', '--out', out, ...narrow], REPO, tmp);
    assert.ok(fs.existsSync(path.join(out, 'conformance.json')), r.stdout + r.stderr);
    assert.deepEqual(fs.readdirSync(tmp), [], 'the temporary folder is empty');
    assert.match(fs.readFileSync(path.join(out, 'framework.log'), 'utf8'), /BindingResolutionException/);
  });

  it('Lumen with --out -: no folder, and the log goes with the store', { skip: lumen }, () => {
    const tmp = tempDir('fw-tmp-');
    const r = run(['--start', 'adapters/lumen/start.sh', '--out', '-', ...narrow], REPO, tmp);
    assert.equal(JSON.parse(r.stdout).implementation.name, 'Lumen', r.stderr);
    assert.deepEqual(fs.readdirSync(tmp), []);
  });

  it('the PHP skeleton of init, on the example framework: its store of manifests is removed', { skip: hasPhp ? false : 'PHP is not installed' }, () => {
    const tmp = tempDir('fw-tmp-');
    const project = tempDir('fw-skeleton-');
    assert.equal(run(['init', '--lang', 'php', '--example-framework', project], project, tmp).status, 0);
    const r = run(['--start', 'adapter/start.sh', '--out', 'reports', '--rule', 'registration.get', '--seed', '1', '--quiet'], project, tmp);
    assert.ok(fs.existsSync(path.join(project, 'reports', 'conformance.json')), r.stdout + r.stderr);
    assert.deepEqual(fs.readdirSync(tmp), [], 'the temporary folder is empty');
  });
});
