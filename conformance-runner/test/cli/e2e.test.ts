import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { violations } from '../../src/run/json-schema';
import { REPORT_FILES } from '../../src/reports/write';

/*
 * The fw-conformance command end to end, on the fixture suite (test/fixtures/runner/suite: one
 * scenario per status) against the fixture adapter, which it starts with --start.
 */

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'fw-conformance.js');
const FIXTURES = path.resolve(__dirname, '..', 'fixtures', 'runner');
// exec: the shell becomes the adapter, so stopping the target stops it whatever the shell does.
const ADAPTER = `exec node ${path.join(FIXTURES, 'adapter.js')}`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function fwConformance(args: string[], options: { suite?: string; onStdout?: (text: string, child: ReturnType<typeof spawn>) => void } = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: FIXTURES,
      env: { ...process.env, FW_CONFORMANCE_SUITE_DIR: path.join(FIXTURES, options.suite ?? 'suite') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    // A runner that hangs must fail the test, not the whole test run.
    const guard = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
      options.onStdout?.(stdout, child);
    });
    child.stderr.on('data', (d: Buffer) => { stderr += d; });
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr });
    });
  });
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'fw-e2e-'));

function readReport(dir: string): Record<string, any> {
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'conformance.json'), 'utf8'));
  assert.deepEqual(violations('report', report), [], 'conformance.json validates against its schema');
  return report;
}

function statuses(report: Record<string, any>): Record<string, string> {
  return Object.fromEntries((report.scenarios as Array<{ id: string; status: string }>).map((s) => [s.id, s.status]));
}

// Two at a time: each run compiles the TypeScript sources again, which is CPU-bound.
describe('fw-conformance end to end', { concurrency: 2 }, () => {
  it('exit 2 for a bad command line, with a one-line message and no stack trace', async () => {
    const r = await fwConformance(['--start', ADAPTER, '--level', 'sometimes']);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'fw-conformance: --level "sometimes" is not a level; use must, implied, reference (see fw-conformance --help)\n');
    assert.equal(r.stdout, '');
  });

  it('exit 2 for a --rule that matches no rule of the suite', async () => {
    const r = await fwConformance(['--start', ADAPTER, '--rule', 'groups']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^fw-conformance: --rule groups matches no rule of features\/rules\.json/);
  });

  it('exit 2 for an invalid expectations file', async () => {
    const file = path.join(tmp(), 'e.json');
    fs.writeFileSync(file, JSON.stringify({ implementation: 'x', expected: [{ id: 'basic-fail', status: 'broken' }] }));
    const r = await fwConformance(['--start', ADAPTER, '--expectations', file]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /does not match conformance-runner\/schema\/expectations\.schema\.json:\n {2}at \/expected\/0\/status: must be equal to one of the allowed values/);
    assert.ok(!/\n\s+at .*\.ts:\d+/.test(r.stderr), 'no stack trace');
  });

  it('--help and --version exit 0', async () => {
    const help = await fwConformance(['--help']);
    assert.equal(help.code, 0);
    for (const option of ['--target', '--token', '--start', '--check-adapter', '--tags', '--rule', '--level', '--expectations', '--update-expectations',
      '--out', '--seed', '--num-runs', '--path', '--oracle', '--request-timeout', '--scenario-timeout', '--start-timeout', '--parallel',
      '--fail-fast', '--coverage', '--quiet', '--help', '--version']) {
      assert.ok(help.stdout.includes(option), `--help documents ${option}`);
    }
    const version = await fwConformance(['--version']);
    assert.equal(version.code, 0);
    assert.equal(version.stdout, `${JSON.parse(fs.readFileSync(path.resolve(FIXTURES, '../../../../package.json'), 'utf8')).version}\n`);
  });

  it('exit 1 for a run with failures: every status, greppable lines, all reports', async () => {
    const out = tmp();
    const r = await fwConformance(['--start', ADAPTER, '--out', out, '--request-timeout', '300', '--seed', '4242', '--num-runs', '7']);
    assert.equal(r.code, 1, r.stderr);
    for (const line of ['PASS basic-pass (basic.pass)', 'FAIL basic-fail (basic.fail): expected the status 404, got 200',
      'ERROR basic-error (basic.error): the adapter answered 200 where protocol 1 requires 201', 'TIMEOUT basic-timeout (basic.timeout): GET /hang did not answer within 300 ms',
      'UNSUPPORTED basic-unsupported (basic.unsupported): the target does not declare the capability "views"']) {
      assert.ok(r.stdout.split('\n').includes(line), `stdout has the line ${JSON.stringify(line)}:\n${r.stdout}`);
    }
    assert.match(r.stdout, /verdict: FAIL — 3 of 5 must and implied rules do not pass/);
    assert.deepEqual(fs.readdirSync(out).sort(), [...REPORT_FILES].sort());
    const report = readReport(out);
    assert.deepEqual(statuses(report), {
      'basic-pass': 'passed', 'basic-fail': 'failed', 'basic-error': 'errored', 'basic-timeout': 'timed-out',
      'basic-unsupported': 'unsupported', 'basic-reference': 'failed', 'basic-property': 'passed',
    });
    assert.equal(report.complete, true);
    assert.equal(report.verdict, 'fail');
    assert.equal(report.seed, 4242);
    assert.equal(report.implementation.name, 'fixture-adapter');
    const rules = Object.fromEntries(report.rules.map((x: { id: string; status: string }) => [x.id, x.status]));
    assert.deepEqual(rules, { 'basic.pass': 'passed', 'basic.fail': 'failed', 'basic.error': 'errored', 'basic.timeout': 'timed-out', 'basic.unsupported': 'unsupported', 'basic.reference-choice': 'failed' });
    const property = report.scenarios.find((s: { id: string }) => s.id === 'basic-property').property;
    assert.deepEqual(property, { property: 'fixture', seed: 4242, numRuns: 7 }, 'seed and runs reach the steps through worldParameters');
    const fail = report.scenarios.find((s: { id: string }) => s.id === 'basic-fail');
    assert.equal(fail.feature, 'features/01-basic.feature:9');
    assert.deepEqual(fail.exchanges.map((x: { method: string; path: string }) => `${x.method} ${x.path}`), ['POST /__fw/apps', 'GET /hello']);
    assert.equal(fail.exchanges[0].requestHeaders.authorization, 'Bearer <redacted>');
    assert.ok(report.timing.requests >= 14, `requests counted: ${report.timing.requests}`);
    assert.equal(typeof report.timing.medianRequestMs, 'number');
    assert.ok(!fs.readFileSync(path.join(out, 'conformance.html'), 'utf8').includes('<script>alert'), 'the scenario name is escaped');
  });

  it('exit 0 when every selected must/implied rule passes (a failing reference-level scenario does not count)', async () => {
    const out = tmp();
    const r = await fwConformance(['--start', ADAPTER, '--out', out, '--rule', 'basic.pass', '--quiet']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.ok(!r.stdout.includes('PASS basic-pass'), '--quiet prints no per-scenario line');
    const report = readReport(out);
    assert.deepEqual(statuses(report), { 'basic-pass': 'passed', 'basic-reference': 'failed', 'basic-property': 'passed' });
    assert.equal(report.verdict, 'pass');
    assert.deepEqual(report.options.rules, ['basic.pass']);
  });

  it('expectations: --update-expectations writes them, the same results then pass, an unexpected pass fails', async () => {
    const dir = tmp();
    const file = path.join(dir, 'expectations.json');
    const args = ['--start', ADAPTER, '--request-timeout', '300', '--expectations', file];
    const update = await fwConformance([...args, '--out', path.join(dir, 'r1'), '--update-expectations']);
    assert.equal(update.code, 0, update.stdout + update.stderr);
    const written = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.equal(written.implementation, 'fixture-adapter');
    assert.deepEqual(written.expected.map((e: { id: string; status: string }) => `${e.id} ${e.status}`), ['basic-error errored', 'basic-fail failed', 'basic-timeout timed-out']);

    written.expected.find((e: { id: string }) => e.id === 'basic-fail').reason = 'known: our router answers 200 here';
    fs.writeFileSync(file, JSON.stringify(written));
    const again = await fwConformance([...args, '--out', path.join(dir, 'r2')]);
    assert.equal(again.code, 0, again.stdout);
    assert.match(again.stdout, /verdict: PASS — the results match the expectations file \(3 expected non-passing results\)/);
    assert.equal(readReport(path.join(dir, 'r2')).expectations.matched, 3);

    written.expected.push({ id: 'basic-pass', status: 'failed', reason: 'thought broken' });
    written.expected = written.expected.filter((e: { id: string }) => e.id !== 'basic-error');
    fs.writeFileSync(file, JSON.stringify(written));
    const mismatch = await fwConformance([...args, '--out', path.join(dir, 'r3')]);
    assert.equal(mismatch.code, 1);
    assert.match(mismatch.stdout, /unexpected-pass basic-pass: expected failed, got passed/);
    assert.match(mismatch.stdout, /regression basic-error: expected passed, got errored/);

    await fwConformance([...args, '--out', path.join(dir, 'r4'), '--update-expectations']);
    const kept = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.equal(kept.expected.find((e: { id: string }) => e.id === 'basic-fail').reason, 'known: our router answers 200 here', 'reasons are kept');
    assert.ok(!kept.expected.some((e: { id: string }) => e.id === 'basic-pass'), 'entries that pass are dropped');
  });

  it('a target that dies mid-run: partial reports marked incomplete, the running scenario errored, exit 1', async () => {
    const out = tmp();
    const r = await fwConformance(['--start', ADAPTER, '--out', out], { suite: 'dying' });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /INCOMPLETE: the target exited with code 3 during the run/);
    const report = readReport(out);
    assert.equal(report.complete, false);
    assert.match(report.incompleteReason, /^the target exited with code 3 during the run; its last output:\nfixture adapter on \d+/);
    assert.equal(report.verdict, 'fail');
    assert.deepEqual(statuses(report), { 'dying-first': 'passed', 'dying-kill': 'errored', 'dying-never': 'skipped' });
    assert.match(fs.readFileSync(path.join(out, 'badge.svg'), 'utf8'), />incomplete</);
  });

  it('--scenario-timeout reaches the steps: a slow step is timed-out', async () => {
    const out = tmp();
    const r = await fwConformance(['--start', ADAPTER, '--out', out, '--scenario-timeout', '300'], { suite: 'slow' });
    assert.equal(r.code, 1);
    assert.ok(r.stdout.includes('TIMEOUT slow-step (basic.slow): function timed out, ensure the promise resolves within 300 milliseconds'), r.stdout);
    assert.equal(readReport(out).options.scenarioTimeoutMs, 300);
  });

  it('SIGINT: partial reports marked incomplete, exit 130', async () => {
    const out = tmp();
    let sent = false;
    const r = await fwConformance(['--start', ADAPTER, '--out', out, '--tags', '@id:basic-timeout'], {
      onStdout: (text, child) => {
        if (!sent && text.includes('target: fixture-adapter')) {
          sent = true;
          child.kill('SIGINT');
        }
      },
    });
    assert.equal(r.code, 130, r.stdout + r.stderr);
    assert.match(r.stderr, /SIGINT received, writing partial reports/);
    const report = readReport(out);
    assert.equal(report.complete, false);
    assert.equal(report.incompleteReason, 'interrupted by SIGINT');
    assert.equal(report.scenarios.length, 1);
    assert.equal(report.scenarios[0].status, 'skipped');
  });

  it('a target that cannot start: exit 1, the reason, and reports marked incomplete', async () => {
    const out = tmp();
    const r = await fwConformance(['--start', 'echo "no adapter here" >&2; exit 4', '--out', out, '--start-timeout', '5000']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /exited with code 4 before answering GET \/__fw\/info/);
    assert.match(r.stderr, /no adapter here/);
    const report = readReport(out);
    assert.equal(report.complete, false);
    assert.match(report.incompleteReason, /^the target could not be opened: /);
  });

  it('--check-adapter runs the protocol check only', async () => {
    const r = await fwConformance(['--check-adapter', '--start', ADAPTER]);
    assert.match(r.stdout, /^Adapter check of http:\/\/127\.0\.0\.1:\d+ — fixture-adapter 1\.0\.0 \(JavaScript\), protocol 1/);
    // The fixture adapter implements only what the fixture steps need, so some checks fail.
    assert.equal(r.code, 1);
    assert.match(r.stdout, /\d+ passed, [1-9]\d* failed/);
  });
});
