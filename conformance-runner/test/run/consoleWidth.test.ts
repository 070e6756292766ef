import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CAPABILITIES } from '../../src/protocol/manifest';
import { consoleSummary } from '../../src/run/finish/consoleSummary';
import { CONSOLE_WIDTH, fitLine } from '../../src/run/finish/consoleWidth';
import { formatResultLine } from '../../src/run/finish/progress';
import { sampleReport, sampleScenarios } from '../reports/sample';

const long = (n: number) => Array.from({ length: n }, (_, i) => `rule${i}.something-long`).join(', ');

describe('console lines stay under 160 characters, details below', () => {
  it('keeps a short line as it is', () => {
    assert.deepEqual(fitLine('verdict: CONFORMS — every rule passes'), ['verdict: CONFORMS — every rule passes']);
  });

  it('breaks a long line after its head and wraps the rest, indented, losing no word', () => {
    const line = `verdict: FAILS — 40 of 127 must and implied rules do not pass: ${long(20)}`;
    const lines = fitLine(line);
    assert.ok(lines.length > 1);
    assert.equal(lines[0], 'verdict: FAILS — 40 of 127 must and implied rules do not pass:');
    for (const l of lines) assert.ok(l.length < CONSOLE_WIDTH, `${l.length}: ${l}`);
    for (const l of lines.slice(1)) assert.match(l, /^ {4}\S/);
    assert.equal(lines.map((l) => l.trim()).join(' '), line);
  });

  it('splits a word longer than a line', () => {
    const lines = fitLine(`warning: ${'x'.repeat(400)}`);
    for (const l of lines) assert.ok(l.length < CONSOLE_WIDTH);
    assert.equal(lines.join('').replace(/ /g, '').length, 'warning:'.length + 400);
  });

  it('the summary of a run with a long verdict, gate and profile: every line under 160', () => {
    const report = sampleReport({
      verdictReason: `40 of 127 must and implied rules do not pass: ${long(25)}`,
      gate: { pass: false, reason: `the results differ from adapters/lumen/expectations.json: ${long(15)}` },
      profile: { declared: ['routing'], missing: CAPABILITIES.slice(1), full: false, requested: null, untested: [], partlyTested: [] },
      warnings: [`a warning ${long(12)}`],
    });
    const text = consoleSummary(report, sampleScenarios(), false);
    const lines = text.trimEnd().split('\n');
    for (const l of lines) assert.ok(l.length < CONSOLE_WIDTH, `${l.length}: ${l}`);
    assert.ok(lines.some((l) => /^verdict: FAILS — 40 of 127 must and implied rules do not pass:$/.test(l)));
    assert.ok(lines.some((l) => /^gate: FAIL \(exit 1\) — the results differ from adapters\/lumen\/expectations\.json:$/.test(l)));
    assert.ok(text.includes('route-files'), 'the profile keeps every capability');
  });

  it('a FAIL line with a long message keeps "FAIL id (rule):" on its line, the message below', () => {
    const [scenario] = sampleScenarios();
    const line = formatResultLine({ ...scenario!, status: 'failed', message: `expected the status 404, got 200 ${'and more '.repeat(30)}` });
    assert.ok(line.length >= CONSOLE_WIDTH, 'the line is long to begin with');
    const fitted = fitLine(line);
    assert.match(fitted[0]!, /^FAIL \S+ \([^)]*\):$/);
    assert.match(fitted[1]!, /^ {4}expected the status 404, got 200 and more/);
    for (const l of fitted) assert.ok(l.length < CONSOLE_WIDTH);
  });
});
