import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatResultLine, Progress } from '../../src/run/finish/progress';
import type { ScenarioDef } from '../../src/model/suite';
import { scenario } from './results';

const def = (id: string): ScenarioDef => ({ id, name: id, uri: 'features/x.feature', line: 1, rules: [], needs: [], level: 'must', capabilities: [], property: false, tags: [] });

function run(tty: boolean, quiet = false): string {
  let out = '';
  const p = new Progress({ total: 3, tty, quiet, write: (t) => { out += t; } });
  p.started(def('a'));
  p.finished(scenario('a', 'passed', ['r.a']));
  p.started(def('b'));
  p.finished(scenario('b', 'failed', ['r.b', 'r.c'], 'must', { message: 'expected 404, got 200\n  at stack' }));
  p.started(def('c'));
  p.finished(scenario('c', 'timed-out', ['r.c']));
  p.end();
  return out;
}

describe('progress output', () => {
  it('a failure message from the target cannot act on the terminal', () => {
    const line = formatResultLine(scenario('b', 'failed', ['r.b'], 'must', { message: 'GET /: expected status 200, got 500 "\u001b]0;pwned\u0007\u001b[2J\r"' }));
    assert.equal(line, 'FAIL b (r.b): GET /: expected status 200, got 500 "\\x1b]0;pwned\\x07\\x1b[2J\\x0d"');
  });

  it('without a TTY (CI): one greppable line per scenario, status label first', () => {
    assert.equal(run(false), 'PASS a (r.a)\nFAIL b (r.b, r.c): expected 404, got 200\nTIMEOUT c (r.c): c did not pass\n');
  });

  it('on a TTY: one status line redrawn in place, and a line for each scenario that did not pass', () => {
    const out = run(true);
    assert.ok(!out.includes('PASS a'), 'passing scenarios get no line of their own');
    assert.ok(out.includes('\r\x1b[2K[1/3] 1 passed — a'), JSON.stringify(out));
    assert.ok(out.includes('FAIL b (r.b, r.c): expected 404, got 200\n'));
    assert.ok(out.includes('[3/3] 1 passed, 1 failed, 1 timed-out — c'));
    assert.ok(out.endsWith('\r\x1b[2K'), 'the status line is cleared at the end');
  });

  it('--quiet prints nothing per scenario', () => {
    assert.equal(run(false, true), '');
    assert.equal(run(true, true), '');
  });

  it('labels every status', () => {
    const labels = (['passed', 'failed', 'errored', 'timed-out', 'unsupported', 'skipped'] as const).map((s) => formatResultLine(scenario('x', s, [])).split(' ')[0]);
    assert.deepEqual(labels, ['PASS', 'FAIL', 'ERROR', 'TIMEOUT', 'UNSUPPORTED', 'SKIP']);
  });
});
