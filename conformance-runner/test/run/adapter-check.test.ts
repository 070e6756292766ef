import * as assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { CheckReport, CheckResult } from '../../src/check-adapter';
import type { Info } from '../../src/protocol';
import { adapterCheckConsole, adapterCheckLine, adapterCheckReminder, runAdapterCheck, summariseAdapterCheck } from '../../src/run/control/adapter-check';
import { stopAllTargets } from '../../src/target';
import { startFake } from '../target/fakes';

after(() => stopAllTargets());

const TOKEN = 'tok-0123456789abcdef';

function result(id: string, status: CheckResult['status'], messages: string[] = [], evidence: CheckResult['evidence'] = []): CheckResult {
  return { id, section: '§2', title: `title of ${id}`, status, messages, evidence };
}

function report(checks: CheckResult[]): CheckReport {
  const counts = { pass: 0, fail: 0, warn: 0, note: 0, skip: 0 };
  for (const c of checks) counts[c.status] += 1;
  return {
    target: 'http://127.0.0.1:8080', implementation: { name: 'acme', version: '1.0.0', language: 'PHP' }, protocol: 2,
    checks, counts, ok: counts.fail === 0, exitCode: counts.fail === 0 ? 0 : 1, durationMs: 120,
  };
}

const HEALTHY = report([result('info', 'pass', ['acme 1.0.0']), result('load', 'pass', ['loaded as "a1"'], [{ sent: 'POST /__fw/apps', got: '201' }])]);
const BROKEN = report([
  result('info', 'pass', ['acme 1.0.0'], [{ sent: 'GET /__fw/info (with the token)', got: '200 {...}' }]),
  result('manifest.method', 'fail', ['§2.3: first deviation', `§2.3: the adapter echoed Bearer ${TOKEN}`], [{ sent: 'POST /__fw/apps (with the token)', got: `201 ${TOKEN}` }]),
  result('boot-error', 'warn', ['accepted the route'], [{ sent: 'POST /__fw/apps (with the token)', got: '201' }]),
  result('url.generate', 'skip', ['the adapter does not declare "url-generation" (§5)']),
]);
const WARNED = report([result('info', 'pass', ['acme 1.0.0']), result('boot-error', 'warn', ['accepted the route'])]);

describe('the adapter check in conformance.json', () => {
  it('counts every status and keeps one entry per check, in order', () => {
    const s = summariseAdapterCheck(BROKEN, [TOKEN]);
    assert.deepEqual([s.passed, s.failed, s.warnings, s.skipped, s.durationMs], [1, 1, 1, 1, 120]);
    assert.deepEqual(s.checks.map((c) => [c.id, c.status]), [['info', 'pass'], ['manifest.method', 'fail'], ['boot-error', 'warn'], ['url.generate', 'skip']]);
    assert.deepEqual(Object.keys(s.checks[0]!).sort(), ['evidence', 'id', 'message', 'section', 'status', 'title']);
  });

  it('joins the messages, keeps the exchanges of failures and warnings only, and redacts the token', () => {
    const [pass, fail, warn, skip] = summariseAdapterCheck(BROKEN, [TOKEN]).checks;
    assert.equal(fail!.message, '§2.3: first deviation\n§2.3: the adapter echoed Bearer <redacted>');
    assert.deepEqual(fail!.evidence, [{ sent: 'POST /__fw/apps (with the token)', got: '201 <redacted>' }]);
    assert.equal(warn!.evidence.length, 1);
    assert.deepEqual(pass!.evidence, [], 'a passing check carries no exchanges');
    assert.equal(skip!.message, 'the adapter does not declare "url-generation" (§5)');
    assert.ok(!JSON.stringify(summariseAdapterCheck(BROKEN, [TOKEN])).includes(TOKEN));
    assert.equal(summariseAdapterCheck(report([result('x', 'pass')])).checks[0]!.message, null);
  });
});

describe('the adapter check on the console', () => {
  it('prints one summary line', () => {
    assert.equal(adapterCheckLine(HEALTHY), 'adapter check: 2 passed, 0 failed, 0 warnings (0.1 s)');
    assert.equal(adapterCheckLine(BROKEN), 'adapter check: 1 passed, 1 failed, 1 warnings, 1 skipped (0.1 s)');
  });

  it('a healthy adapter: the summary line only', () => {
    assert.equal(adapterCheckConsole(HEALTHY, { color: false, quiet: false }), 'adapter check: 2 passed, 0 failed, 0 warnings (0.1 s)\n');
  });

  it('failures: the line, then the report of the failed and warned checks only, and that the run goes on', () => {
    const text = adapterCheckConsole(BROKEN, { color: false, quiet: false, secrets: [TOKEN] });
    const lines = text.split('\n');
    assert.equal(lines[0], 'adapter check: 1 passed, 1 failed, 1 warnings, 1 skipped (0.1 s)');
    assert.match(text, /^FAIL {2}manifest\.method +§2 +title of manifest\.method$/m);
    assert.match(text, /^ {6}§2\.3: first deviation$/m);
    assert.match(text, /^ {6}sent: POST \/__fw\/apps \(with the token\)$/m);
    assert.match(text, /^WARN {2}boot-error /m);
    assert.ok(!/^(PASS|SKIP) /m.test(text), `passing and skipped checks are not listed:\n${text}`);
    assert.match(text, /the run goes on/);
    assert.ok(!text.includes('\x1b['), 'plain text when not a terminal');
    assert.ok(!text.includes(TOKEN), 'the token is redacted');
  });

  it('does not say the run goes on when it stops (interrupted during the check)', () => {
    const text = adapterCheckConsole(BROKEN, { color: false, quiet: false, goesOn: false });
    assert.match(text, /^FAIL {2}manifest\.method/m);
    assert.ok(!text.includes('the run goes on'));
  });

  it('colours on a terminal', () => {
    assert.ok(adapterCheckConsole(BROKEN, { color: true, quiet: false }).includes('\x1b[31mFAIL\x1b[0m'));
  });

  it('warnings only: listed, and said not to be failures', () => {
    const text = adapterCheckConsole(WARNED, { color: false, quiet: false });
    assert.match(text, /^WARN {2}boot-error/m);
    assert.match(text, /no failure; the warnings and notes above may explain unexpected results/);
  });

  it('--quiet prints the check only when something failed', () => {
    assert.equal(adapterCheckConsole(HEALTHY, { color: false, quiet: true }), '');
    assert.equal(adapterCheckConsole(WARNED, { color: false, quiet: true }), '');
    assert.match(adapterCheckConsole(BROKEN, { color: false, quiet: true }), /^adapter check: 1 passed, 1 failed/);
  });

  it('the final summary reminds of failed checks', () => {
    assert.equal(adapterCheckReminder(null), '');
    assert.equal(adapterCheckReminder(summariseAdapterCheck(WARNED)), '');
    assert.match(adapterCheckReminder(summariseAdapterCheck(BROKEN)), /^ADAPTER CHECK: 1 failed \(manifest\.method\)/);
  });
});

describe('runAdapterCheck', { timeout: 60_000 }, () => {
  it('checks a healthy adapter: nothing fails', async () => {
    const target = await startFake('healthy');
    try {
      const outcome = await runAdapterCheck(target, 5000);
      assert.ok('report' in outcome, JSON.stringify(outcome));
      assert.equal(outcome.report.counts.fail, 0);
      assert.equal(outcome.report.counts.warn, 0);
      assert.ok(outcome.report.counts.pass > 0);
    } finally {
      await target.stop();
    }
  });

  it('uses the run\'s --request-timeout for every request', async () => {
    const target = await startFake('hangs');
    try {
      const started = Date.now();
      const outcome = await runAdapterCheck(target, 200);
      assert.ok('report' in outcome);
      assert.ok(outcome.report.counts.fail > 0);
      const messages = outcome.report.checks.flatMap((c) => c.messages).join('\n');
      assert.match(messages, /no answer within 200 ms/);
      // Unanswered requests make the check give up and wait up to 2 s for the process to die; with
      // the default timeout (10 s) one request alone would take longer than this.
      assert.ok(Date.now() - started < 9000, `the check gave up quickly (${Date.now() - started} ms)`);
    } finally {
      await target.stop();
    }
  });

  it('never throws: a broken target becomes an error to report', async () => {
    const info: Info = { protocol: 2, implementation: { name: 'x', version: '1', language: 'X' }, capabilities: ['routing'] };
    const outcome = await runAdapterCheck({ address: { url: 'not a url', token: 't' }, info }, 200);
    assert.ok('error' in outcome, JSON.stringify(outcome));
  });
});
