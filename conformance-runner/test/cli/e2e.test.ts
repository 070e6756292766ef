import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { allViolations } from '../../src/protocol/schemas';
import { REPORT_FILES } from '../../src/reports/write';
import { isRunning } from '../target/fakes';
import { tempDir } from '../tempDirs';

/*
 * The fw-conformance command end to end, on the fixture suite (test/fixtures/runner/suite: one
 * scenario per status) against the fixture adapter, which it starts with --start.
 */

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'fw-conformance.js');
const FIXTURES = path.resolve(__dirname, '..', 'fixtures', 'runner');
const FULL_DISK = path.resolve(__dirname, '..', '..', '..', 'scripts', 'stress', 'fullDisk.js');
// exec: the shell becomes the adapter, so stopping the target stops it whatever the shell does.
const ADAPTER = `exec node ${path.join(FIXTURES, 'adapter.js')}`;
/** The check-adapter fakes (test/fixtures/adapters): `healthy` passes every adapter check. */
const fake = (name: string) => `exec node ${path.resolve(FIXTURES, '..', 'adapters', `${name}.js`)}`;
/** The summary line of the adapter check that starts every run. */
/** The catalog checks, one per capability with catalog entries: skipped for those an adapter leaves out. */
const CATALOG_CHECKS = 10;
const CHECK_LINE = /^adapter check: (\d+) passed, (\d+) failed, (\d+) warnings(?:, (\d+) skipped)? \(\d+\.\d s\)$/m;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function fwConformance(args: string[], options: { suite?: string; env?: NodeJS.ProcessEnv; onStdout?: (text: string, child: ReturnType<typeof spawn>) => void } = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: FIXTURES,
      env: { ...process.env, FW_CONFORMANCE_SUITE_DIR: path.join(FIXTURES, options.suite ?? 'suite'), ...options.env },
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

const tmp = () => tempDir('fw-e2e-');

function readReport(dir: string): Record<string, any> {
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'conformance.json'), 'utf8'));
  assert.deepEqual(allViolations('report', report), [], 'conformance.json validates against its schema');
  return report;
}

function statuses(report: Record<string, any>): Record<string, string> {
  return Object.fromEntries((report.scenarios as Array<{ id: string; status: string }>).map((s) => [s.id, s.status]));
}

// Two at a time: each run compiles the TypeScript sources again, which is CPU-bound.
describe('fw-conformance end to end', { concurrency: 2 }, () => {
  it('the reports are written while the adapter stops, and the run ends only once it is gone', async () => {
    const out = tmp();
    const mark = path.join(tmp(), 'exited');
    const r = await fwConformance(['--start', ADAPTER, '--out', out, '--rule', 'basic.pass', '--quiet'], { env: { FIXTURE_STOP_DELAY_MS: '1500', FIXTURE_EXIT_MARK: mark } });
    const ended = Date.now();
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.ok(fs.existsSync(mark), 'the run waited for the adapter to exit');
    const exited = Number(fs.readFileSync(mark, 'utf8'));
    const written = fs.statSync(path.join(out, 'conformance.json')).mtimeMs;
    assert.ok(written < exited, `the reports were written (${written}) before the adapter exited (${exited}), not after`);
    assert.ok(exited <= ended);
  });

  it('exit 2 for a bad command line, with a one-line message and no stack trace', async () => {
    const r = await fwConformance(['--start', ADAPTER, '--level', 'sometimes']);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'fw-conformance: --level "sometimes" is not a level; use must, implied, reference (see fw-conformance --help)\n');
    assert.equal(r.stdout, '');
  });

  it('exit 2 for a --rule that matches no rule of the suite; the adapter already being started is stopped', async () => {
    // The adapter starts while the runner loads (run/open.ts), before the selection is checked.
    const pidFile = path.join(tmp(), 'pid');
    const r = await fwConformance(['--start', `echo $$ > ${JSON.stringify(pidFile)}; ${ADAPTER}`, '--rule', 'groups']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^fw-conformance: --rule groups matches no rule of features\/rules\.json/);
    if (fs.existsSync(pidFile)) assert.ok(!isRunning(Number(fs.readFileSync(pidFile, 'utf8'))), 'the adapter is not left running');
  });

  it('exit 2 for an invalid expectations file', async () => {
    const file = path.join(tmp(), 'e.json');
    fs.writeFileSync(file, JSON.stringify({ version: 2, implementation: 'x', rules: [{ rule: 'basic.fail', results: [{ scenario: 'basic-fail', status: 'broken' }] }] }));
    const r = await fwConformance(['--start', ADAPTER, '--expectations', file]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /does not match conformance-runner\/schema\/expectations\.schema\.json:\n {2}at \/rules\/0\/results\/0\/status: must be equal to one of the allowed values/);
    assert.ok(!/\n\s+at .*\.ts:\d+/.test(r.stderr), 'no stack trace');
  });

  it('--help and --version exit 0', async () => {
    const help = await fwConformance(['--help']);
    assert.equal(help.code, 0);
    for (const option of ['--target', '--token', '--start', '--check-adapter', '--skip-adapter-check', '--tags', '--rule', '--level', '--expectations', '--update-expectations',
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
      'ERROR basic-error (basic.error): the adapter answered 200 where protocol 2 requires 201', 'TIMEOUT basic-timeout (basic.timeout): GET /hang did not answer within 300 ms',
      'UNSUPPORTED basic-unsupported (basic.unsupported): the target does not declare the capability "views"']) {
      assert.ok(r.stdout.split('\n').includes(line), `stdout has the line ${JSON.stringify(line)}:\n${r.stdout}`);
    }
    assert.match(r.stdout, /verdict: FAILS — 3 of 5 must and implied rules do not pass/);
    // The adapter check runs first; the fixture adapter fails some of it, and the run goes on.
    const check = CHECK_LINE.exec(r.stdout);
    assert.ok(check, `the adapter check summary line:\n${r.stdout}`);
    assert.ok(Number(check[2]) > 0, 'the fixture adapter fails adapter checks');
    assert.ok(check.index < r.stdout.indexOf('PASS basic-pass'), 'the check runs before the scenarios');
    assert.match(r.stdout, /^FAIL {2}manifest\.method +§2\.3 /m, 'the failed checks are explained');
    assert.match(r.stdout, /^adapter check: the run goes on/m);
    assert.match(r.stdout, /^ADAPTER CHECK: [1-9]\d* failed \(manifest\.method, /m, 'and recalled in the final summary');
    assert.deepEqual(fs.readdirSync(out).sort(), [...REPORT_FILES].sort());
    const report = readReport(out);
    assert.equal(report.options.skipAdapterCheck, false);
    assert.deepEqual([report.adapterCheck.passed, report.adapterCheck.failed, report.adapterCheck.warnings], [Number(check[1]), Number(check[2]), Number(check[3])]);
    assert.equal(report.adapterCheck.checks.filter((c: { status: string }) => c.status === 'fail').length, report.adapterCheck.failed);
    assert.equal(report.adapterCheck.checks.find((c: { id: string }) => c.id === 'manifest.method').status, 'fail');
    const md = fs.readFileSync(path.join(out, 'conformance.md'), 'utf8');
    assert.match(md, /^> \*\*Adapter check: [1-9]\d* failed\.\*\*/m);
    assert.match(md, /^- \*\*FAIL\*\* `manifest\.method` \(§2\.3\) /m);
    assert.match(fs.readFileSync(path.join(out, 'conformance.html'), 'utf8'), /<tr id="check-manifest\.method">/);
    assert.deepEqual(statuses(report), {
      'basic-pass': 'passed', 'basic-fail': 'failed', 'basic-error': 'errored', 'basic-timeout': 'timed-out',
      'basic-unsupported': 'unsupported', 'basic-reference': 'failed', 'basic-property': 'passed',
    });
    assert.equal(report.complete, true);
    assert.equal(report.verdict, 'fails');
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
    assert.equal(report.timing.requests, report.scenarios.reduce((n: number, s: { requests: number | null }) => n + (s.requests ?? 0), 0),
      'timing counts scenario requests only');
    assert.equal(typeof report.timing.medianRequestMs, 'number');
    assert.ok(!fs.readFileSync(path.join(out, 'conformance.html'), 'utf8').includes('<script>alert'), 'the scenario name is escaped');
  });

  it('exit 0 when every selected must/implied rule passes (a failing reference-level scenario does not count)', async () => {
    const out = tmp();
    const r = await fwConformance(['--start', ADAPTER, '--out', out, '--rule', 'basic.pass', '--quiet']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.ok(!r.stdout.includes('PASS basic-pass'), '--quiet prints no per-scenario line');
    assert.match(r.stdout, CHECK_LINE, '--quiet still prints failed adapter checks');
    const report = readReport(out);
    assert.deepEqual(statuses(report), { 'basic-pass': 'passed', 'basic-reference': 'failed', 'basic-property': 'passed' });
    assert.ok(report.adapterCheck.failed > 0);
    assert.equal(report.verdict, 'partial', 'a narrowed run is partial; failed adapter checks do not change the verdict');
    assert.equal(report.gate.pass, true);
    assert.deepEqual(report.options.rules, ['basic.pass']);
  });

  it('a full disk or a folder without permission while the reports are written: exit 2, one line naming the file, conformance.json first (issue 38)', async () => {
    // Injected where the runner writes (scripts/stress/fullDisk.js): no disk is filled.
    const inject = (spec: string) => ({ NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${FULL_DISK}`.trim(), FW_FULL_DISK: spec });
    const out = tmp();
    const full = await fwConformance(['--start', ADAPTER, '--out', out, '--rule', 'basic.pass', '--quiet'], { env: inject('junit.xml:ENOSPC') });
    assert.equal(full.code, 2, full.stdout + full.stderr);
    assert.equal(full.stderr.trim(), `fw-conformance: ${path.join(out, 'junit.xml')} could not be written: no space left on the device (ENOSPC); ` +
      'written before it: conformance.json, conformance.md, conformance.html, badge.svg (exit 2: the run\'s environment, not its verdict)');
    assert.equal(readReport(out).gate.pass, true, 'conformance.json is whole');
    assert.doesNotMatch(full.stdout + full.stderr, /internal error|\n\s+at /);
    const denied = tmp();
    const r = await fwConformance(['--start', ADAPTER, '--out', denied, '--rule', 'basic.pass', '--quiet'], { env: inject('conformance.json:EACCES') });
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /^fw-conformance: .*conformance\.json could not be written: permission denied \(EACCES\) \(exit 2/);
    assert.deepEqual(fs.readdirSync(denied), []);
  });

  it('a target without a capability a must rule needs is partial: exit 1 by default, 0 when held to its profile', async () => {
    const selection = ['--rule', 'basic.pass', '--rule', 'basic.unsupported', '--quiet', '--skip-adapter-check'];
    const out = tmp();
    const r = await fwConformance(['--start', ADAPTER, '--out', out, ...selection]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const report = readReport(out);
    assert.equal(report.verdict, 'partial');
    assert.equal(report.gate.pass, false);
    assert.match(report.gate.reason, /partial profile: the target does not declare .*views.*\(1 must and implied rules untested\)/);
    assert.equal(statuses(report)['basic-unsupported'], 'unsupported', 'decided from the declared capabilities');
    const held = await fwConformance(['--start', ADAPTER, '--out', tmp(), ...selection, '--profile', 'routing,groups']);
    assert.equal(held.code, 0, held.stdout + held.stderr);
  });

  it('expectations: --update-expectations writes them, the same results then pass, an unexpected pass fails', async () => {
    const dir = tmp();
    const file = path.join(dir, 'expectations.json');
    const args = ['--start', ADAPTER, '--request-timeout', '300', '--expectations', file];
    const update = await fwConformance([...args, '--out', path.join(dir, 'r1'), '--update-expectations']);
    assert.equal(update.code, 0, update.stdout + update.stderr);
    type Written = { implementation: string; profile: string[]; rules: Array<{ rule: string; reason?: string; results: Array<{ scenario: string; status: string }> }> };
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as Written;
    assert.equal(written.implementation, 'fixture-adapter');
    const listing = (w: Written) => w.rules.flatMap((r) => r.results.map((x) => `${r.rule} ${x.scenario} ${x.status}`));
    assert.deepEqual(listing(written), ['basic.error basic-error errored', 'basic.fail basic-fail failed', 'basic.timeout basic-timeout timed-out']);

    written.rules.find((r) => r.rule === 'basic.fail')!.reason = 'known: our router answers 200 here';
    fs.writeFileSync(file, JSON.stringify(written));
    const again = await fwConformance([...args, '--out', path.join(dir, 'r2')]);
    assert.equal(again.code, 0, again.stdout);
    assert.match(again.stdout, /gate: PASS \(exit 0\) — the results match the expectations file \(3 expected non-passing results, profile routing, groups\)/);
    assert.equal(readReport(path.join(dir, 'r2')).expectations.matched, 3);

    written.rules.push({ rule: 'basic.pass', reason: 'thought broken', results: [{ scenario: 'basic-pass', status: 'failed' }] });
    written.rules = written.rules.filter((r) => r.rule !== 'basic.error');
    fs.writeFileSync(file, JSON.stringify(written));
    const mismatch = await fwConformance([...args, '--out', path.join(dir, 'r3')]);
    assert.equal(mismatch.code, 1);
    assert.match(mismatch.stdout, /unexpected-pass basic\.pass › basic-pass: now passes \(expected failed, got passed\)/);
    assert.match(mismatch.stdout, /regression basic\.error › basic-error: a new errored result \(expected passed, got errored\)/);

    await fwConformance([...args, '--out', path.join(dir, 'r4'), '--update-expectations']);
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Written;
    assert.equal(kept.rules.find((r) => r.rule === 'basic.fail')!.reason, 'known: our router answers 200 here', 'reasons are kept');
    assert.ok(!kept.rules.some((r) => r.rule === 'basic.pass'), 'entries that pass are dropped');
    assert.deepEqual(kept.profile, ['routing', 'groups'], 'the declared profile is recorded');
  });

  it('a target that dies mid-run: partial reports marked incomplete, the running scenario errored, exit 1', async () => {
    const out = tmp();
    const r = await fwConformance(['--start', ADAPTER, '--out', out], { suite: 'dying' });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /verdict: INCOMPLETE — the run is incomplete: the target exited with code 3 during the run/);
    const report = readReport(out);
    assert.equal(report.complete, false);
    assert.match(report.incompleteReason, /^the target exited with code 3 during the run; its last output:\nfixture adapter on \d+/);
    assert.equal(report.verdict, 'fails');
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

  it('a 10 MB answer: errored with the limit named, not read into memory; the run goes on', async () => {
    const out = tmp();
    const r = await fwConformance(['--start', ADAPTER, '--out', out, '--skip-adapter-check', '--tags', '@id:hostile-huge or @id:hostile-alive'], { suite: 'hostile' });
    assert.equal(r.code, 1, r.stderr);
    const report = readReport(out);
    assert.deepEqual(statuses(report), { 'hostile-huge': 'errored', 'hostile-alive': 'passed' });
    const huge = report.scenarios.find((x: { id: string }) => x.id === 'hostile-huge');
    assert.match(huge.message, /GET \/huge: the response body is larger than 1 MiB, the most fw-conformance reads/);
    assert.equal(report.complete, true);
  });

  it('a target that never answers: the circuit breaker stops the run after 3 timeouts, the rest not run', async () => {
    const out = tmp();
    const r = await fwConformance(['--start', ADAPTER, '--out', out, '--skip-adapter-check', '--request-timeout', '300', '--tags', '@rule:basic.hang'], { suite: 'hostile' });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /the circuit breaker tripped \(the target does not answer\), writing partial reports/);
    const report = readReport(out);
    assert.equal(report.complete, false);
    assert.match(report.incompleteReason, /^circuit breaker: 3 scenarios in a row timed out or could not reach the target \(last: hostile-hang-3: /);
    const s = statuses(report);
    assert.deepEqual(Object.values(s).filter((x) => x === 'timed-out').length, 3);
    assert.ok(Object.values(s).filter((x) => x === 'skipped').length === 3, JSON.stringify(s));
    const off = tmp();
    const all = await fwConformance(['--start', ADAPTER, '--out', off, '--skip-adapter-check', '--request-timeout', '200', '--circuit-breaker', '0', '--tags', '@rule:basic.hang'], { suite: 'hostile' });
    assert.equal(all.code, 1);
    assert.deepEqual(Object.values(statuses(readReport(off))), Array(6).fill('timed-out'), '--circuit-breaker 0: every scenario runs');
  });

  it('a target that dies: nothing printed after the reports line, and the scenarios that follow do not each print their connection error', async () => {
    const out = tmp();
    const r = await fwConformance(['--start', ADAPTER, '--out', out, '--skip-adapter-check', '--tags', '@rule:basic.after'], { suite: 'hostile' });
    assert.equal(r.code, 1);
    const lines = r.stdout.trimEnd().split('\n');
    assert.match(lines[lines.length - 1]!, /^reports: /, r.stdout);
    assert.ok(lines.filter((l) => l.startsWith('ERROR ')).length <= 3, r.stdout);
    assert.equal(readReport(out).complete, false);
  });

  it('--max-time: the run stops, the reports say why', async () => {
    const out = tmp();
    const r = await fwConformance(['--start', ADAPTER, '--out', out, '--skip-adapter-check', '--max-time', '1'], { suite: 'slow' });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /--max-time 1 s reached, writing partial reports/);
    const report = readReport(out);
    assert.equal(report.incompleteReason, 'the run reached --max-time 1 s');
    assert.equal(report.scenarios[0].status, 'skipped');
    assert.match(report.scenarios[0].message, /^not (finished|run): the run reached --max-time/);
  });

  it('a failed attach keeps the reports of the last run; a run without --coverage removes an old coverage report', async () => {
    const out = tmp();
    const good = await fwConformance(['--start', ADAPTER, '--out', out, '--skip-adapter-check', '--tags', '@id:basic-pass']);
    assert.equal(good.code, 0, good.stdout);
    const before = fs.readFileSync(path.join(out, 'conformance.json'), 'utf8');
    const dead = await fwConformance(['--target', 'http://127.0.0.1:9', '--token', 't', '--out', out, '--start-timeout', '1000']);
    assert.equal(dead.code, 1);
    assert.match(dead.stderr, /no reports written; .* keeps the run of \d{4}-/);
    assert.equal(fs.readFileSync(path.join(out, 'conformance.json'), 'utf8'), before);
    fs.mkdirSync(path.join(out, 'coverage'));
    fs.writeFileSync(path.join(out, 'coverage', 'index.html'), 'stale');
    await fwConformance(['--start', ADAPTER, '--out', out, '--skip-adapter-check', '--tags', '@id:basic-pass']);
    assert.equal(fs.existsSync(path.join(out, 'coverage')), false);
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

  it('a healthy adapter: "adapter check: N passed, 0 failed, 0 warnings"; --skip-adapter-check skips it; its requests are not scenario requests', async () => {
    const [checked, skipped] = [tmp(), tmp()];
    const args = ['--start', fake('healthy'), '--rule', 'basic.pass', '--seed', '7'];
    const [a, b] = await Promise.all([fwConformance([...args, '--out', checked]), fwConformance([...args, '--out', skipped, '--skip-adapter-check'])]);
    assert.equal(a.code, 0, a.stdout + a.stderr);
    const line = CHECK_LINE.exec(a.stdout);
    assert.ok(line, a.stdout);
    // Skipped: the catalog checks of the capabilities the fake leaves out.
    assert.match(line[0], /^adapter check: [1-9]\d* passed, 0 failed, 0 warnings(, \d+ skipped)? \(/);
    assert.ok(!/^(FAIL|WARN) {2}/m.test(a.stdout) && !a.stdout.includes('ADAPTER CHECK'), 'nothing else about the check');
    const withCheck = readReport(checked);
    assert.deepEqual([withCheck.adapterCheck.failed, withCheck.adapterCheck.warnings], [0, 0]);
    assert.ok(withCheck.adapterCheck.skipped <= CATALOG_CHECKS, `${withCheck.adapterCheck.skipped} skipped`);
    assert.equal(withCheck.adapterCheck.passed, Number(line[1]));
    assert.equal(withCheck.adapterCheck.checks.length, withCheck.adapterCheck.passed + withCheck.adapterCheck.skipped);
    assert.match(fs.readFileSync(path.join(checked, 'conformance.md'), 'utf8'), /^## Adapter check\n\n[1-9]\d* passed, 0 failed, 0 warnings, 0 notes, \d+ skipped /m);

    assert.equal(b.code, 0, b.stdout + b.stderr);
    assert.ok(!b.stdout.includes('adapter check'), b.stdout);
    const withoutCheck = readReport(skipped);
    assert.equal(withoutCheck.adapterCheck, null);
    assert.equal(withoutCheck.options.skipAdapterCheck, true);
    // The check made requests of its own; the scenarios' counts and the timing statistics do not include them.
    assert.deepEqual(statuses(withCheck), statuses(withoutCheck));
    const perScenario = (r: Record<string, any>) => r.scenarios.map((s: { id: string; requests: number | null }) => `${s.id} ${s.requests}`);
    assert.deepEqual(perScenario(withCheck), perScenario(withoutCheck));
    assert.equal(withCheck.timing.requests, withoutCheck.timing.requests);
  });

  it('the adapter check uses --request-timeout; an adapter that stops answering during it ends the run there', async () => {
    const out = tmp();
    const r = await fwConformance(['--start', fake('hangs'), '--out', out, '--rule', 'basic.pass', '--request-timeout', '300']);
    assert.equal(r.code, 1);
    const line = CHECK_LINE.exec(r.stdout);
    assert.ok(line && Number(line[2]) > 0, r.stdout);
    assert.match(r.stdout, /got no response \(no answer within 300 ms\)/);
    assert.ok(!r.stdout.includes('TIMEOUT basic-pass'), 'no scenario waits out its timeouts against an adapter that stopped answering');
    const report = readReport(out);
    assert.equal(report.complete, false);
    assert.match(report.incompleteReason, /^the adapter stopped answering during the adapter check \(the adapter did not answer 3 requests in a row \(last: .*no answer within 300 ms\)\); no scenario was run$/);
    assert.equal(statuses(report)['basic-pass'], 'skipped');
    assert.ok(report.adapterCheck.failed > 0);
    assert.match(report.adapterCheck.checks.map((c: { message: string | null }) => c.message ?? '').join('\n'), /no answer within 300 ms/);
  });

  it('a target that dies during the adapter check: no scenario runs, the reports say why', async () => {
    const out = tmp();
    const r = await fwConformance(['--start', fake('dies-mid-run'), '--out', out, '--rule', 'basic.pass'], { env: { FAKE_DIE_AFTER: '6' } });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^FAIL {2}process +§1 +the adapter process keeps running/m);
    assert.ok(!r.stdout.includes('the run goes on'), r.stdout);
    assert.match(r.stdout, /verdict: INCOMPLETE — the run is incomplete: the target exited with code 3 during the run/);
    const report = readReport(out);
    assert.equal(report.complete, false);
    assert.deepEqual(Object.values(statuses(report)), ['skipped', 'skipped', 'skipped']);
    assert.equal(report.adapterCheck.checks.find((c: { id: string }) => c.id === 'process').status, 'fail');
  });

  it('--check-adapter runs the protocol check only', async () => {
    const r = await fwConformance(['--check-adapter', '--start', ADAPTER]);
    assert.match(r.stdout, /^Adapter check of http:\/\/127\.0\.0\.1:\d+ — fixture-adapter 1\.0\.0 \(JavaScript\), protocol 2/);
    // The fixture adapter implements only what the fixture steps need, so some checks fail.
    assert.equal(r.code, 1);
    assert.match(r.stdout, /\d+ passed, [1-9]\d* failed/);
  });
});
