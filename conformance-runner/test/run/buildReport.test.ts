import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCommandLine } from '../../src/cli/args';
import type { Info } from '../../src/protocol/manifest';
import { attribute } from '../../src/attribution/rules';
import { buildReport, type ReportInput } from '../../src/run/finish/buildReport';
import { consoleSummary } from '../../src/run/finish/consoleSummary';
import { EXCHANGES, sampleScenarios, TOKEN } from '../reports/sample';
import { rule } from './results';

// buildReport is pure (issue 19): the report of a run can be checked from results alone, no target, no cucumber.
const defs = [rule('params.constraint-regex', 'must'), rule('params.anchored', 'implied'), rule('groups.prefix', 'must'),
  rule('errors.not-found', 'must'), rule('errors.body', 'reference'), rule('named.name', 'must')];
const info: Info = { protocol: 2, implementation: { name: 'acme', version: '1.2.3', language: 'PHP' }, capabilities: ['routing'] } as unknown as Info;

function input(overrides: Partial<ReportInput> = {}): ReportInput {
  const scenarios = sampleScenarios();
  return {
    options: parseCommandLine(['--target', 'http://127.0.0.1:8080', '--token', TOKEN], '/work'),
    cwd: '/work', suiteVersion: '0.1.0', spec: 'routing-and-controllers.md',
    attributed: attribute(defs, scenarios), knownIds: new Set([...scenarios.map((s) => s.id), ...defs.map((d) => d.id)]),
    target: { info, address: { url: 'http://127.0.0.1:8080', token: TOKEN } },
    seed: 7, startedAt: new Date('2025-01-01T00:00:00Z'), finishedAt: new Date('2025-01-01T00:00:10Z'), wallMs: 10_000, suiteMs: 9_000.4,
    complete: true, adapterCheck: null, secrets: [TOKEN], coverage: null, warnings: ['a warning of the suite'],
    applications: { declared: 'persistent', claim: 'unchecked', used: 'persistent', mixed: false, message: null },
    ...overrides,
  };
}

describe('buildReport', () => {
  it('decides the verdict and the gate, and takes its times from its input', () => {
    const report = buildReport(input());
    assert.equal(report.verdict, 'fails');
    assert.equal(report.gate.pass, false);
    assert.equal(report.finishedAt, '2025-01-01T00:00:10.000Z');
    assert.deepEqual([report.timing.wallMs, report.timing.suiteMs], [10_000, 9_000]);
    assert.equal(report.target.url, 'http://127.0.0.1:8080');
    assert.deepEqual(report.warnings, ['a warning of the suite']);
  });

  it('redacts the tokens from every exchange it reports', () => {
    const report = buildReport(input());
    assert.ok(EXCHANGES.some((e) => JSON.stringify(e).includes(TOKEN)));
    assert.ok(!JSON.stringify(report.scenarios).includes(TOKEN));
  });

  it('reports an incomplete run as failing, with its reason, and adds the coverage warning last', () => {
    const report = buildReport(input({ complete: false, incompleteReason: 'interrupted by SIGINT', coverage: { info: null, warning: 'coverage: c8 failed' } }));
    assert.equal(report.complete, false);
    assert.equal(report.incompleteReason, 'interrupted by SIGINT');
    assert.equal(report.verdict, 'fails');
    assert.deepEqual(report.warnings, ['a warning of the suite', 'coverage: c8 failed']);
  });

  it('ends the console summary with the verdict and the gate', () => {
    const report = buildReport(input());
    // A long line goes on below, indented (run/consoleWidth.ts): the last two lines that start one.
    const lines = consoleSummary(report, input().attributed.scenarios, false).trimEnd().split('\n').filter((l) => !l.startsWith('    '));
    assert.match(lines.at(-2)!, /^verdict: /);
    assert.match(lines.at(-1)!, /^gate: FAIL \(exit 1\)/);
  });
});
