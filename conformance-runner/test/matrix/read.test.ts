import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { parseReport, readReport, ReportReadError } from '../../src/reports/read';
import { FIXTURE, sliceReport, writeTemp } from './build';

function error(fn: () => unknown): ReportReadError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ReportReadError, `expected a ReportReadError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected an error');
}

describe('reading conformance.json', () => {
  it('reads and validates a real report (the committed slice)', () => {
    const { file, report } = readReport(FIXTURE);
    assert.equal(file, FIXTURE);
    assert.equal(report.implementation?.name, 'laravel');
    assert.equal(report.rules.length, 10);
  });

  it('names the file as given, resolved against cwd', () => {
    const dir = writeTemp({ 'r.json': sliceReport() });
    assert.equal(readReport('r.json', dir).file, 'r.json');
  });

  it('a missing file', () => {
    const e = error(() => readReport('nope/conformance.json', '/tmp'));
    assert.equal(e.message, 'nope/conformance.json: no such file');
    assert.equal(e.file, 'nope/conformance.json');
  });

  it('a directory, with a hint when it holds a conformance.json', () => {
    const dir = writeTemp({ 'conformance.json': sliceReport() });
    assert.match(error(() => readReport(dir)).message, new RegExp(`is a directory, not a report \\(did you mean ${dir.replace(/[/\\]/g, '.')}.conformance\\.json\\?\\)`));
    assert.match(error(() => readReport(path.dirname(FIXTURE))).message, /is a directory, not a report$/);
  });

  it('a file that is not JSON', () => {
    const e = error(() => parseReport('junit.xml', '<testsuites/>'));
    assert.match(e.message, /^junit\.xml: is not JSON \(.+\); expected a conformance\.json written by fw-conformance$/);
  });

  it('JSON that is not a report', () => {
    assert.match(error(() => parseReport('a.json', '[1,2]')).message, /^a\.json: is not a fw-conformance report: expected a JSON object/);
    assert.match(error(() => parseReport('package.json', '{"name":"x"}')).message, /^package\.json: is not a fw-conformance report: it has no "reportVersion"/);
  });

  it('a report of another version says which version this runner reads', () => {
    const old = { ...sliceReport(), reportVersion: 1 };
    assert.equal(error(() => parseReport('old.json', JSON.stringify(old))).message,
      'old.json: is a report of version 1; this fw-conformance reads reportVersion 2, 3 and 4 (run the suite again with this version to get one)');
  });

  it('schema violations: the first few, with their pointers', () => {
    const bad = sliceReport() as unknown as Record<string, any>;
    bad.verdict = 'maybe';
    delete bad.summary;
    bad.rules[0].status = 'flaky';
    const message = error(() => parseReport('bad.json', JSON.stringify(bad))).message;
    assert.match(message, /^bad\.json: is not a valid conformance\.json \(schema conformance-runner\/schema\/report\.schema\.json\):\n/);
    assert.match(message, /at \/: must have required property 'summary'/);
    assert.match(message, /at \/verdict: must be equal to one of the allowed values/);
    assert.match(message, /at \/rules\/0\/status: must be equal to one of the allowed values/);
  });

  it('many violations are cut after five', () => {
    const bad = sliceReport() as unknown as Record<string, any>;
    for (const rule of bad.rules) rule.status = 'flaky';
    const lines = error(() => parseReport('bad.json', JSON.stringify(bad))).message.split('\n');
    assert.equal(lines.length, 1 + 5 + 1);
    assert.match(lines.at(-1)!, /^ {2}… and \d+ more$/);
  });
});
