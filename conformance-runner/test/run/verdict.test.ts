import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareWithExpectations } from '../../src/expectations/compare';
import type { ExpectationsFile } from '../../src/expectations/types';
import { decideVerdict } from '../../src/run/verdict';
import { rule, rulesOf, scenario } from './results';

const DEFS = [rule('params.constraint-regex'), rule('params.anchored', 'implied'), rule('errors.body', 'reference')];
const file = (expected: ExpectationsFile['expected']): ExpectationsFile => ({ implementation: 'acme', expected });

describe('verdict without expectations', () => {
  it('passes when every must and implied rule passes, whatever the reference rules do', () => {
    const rules = rulesOf(DEFS, [
      scenario('a', 'passed', ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied'),
      scenario('c', 'failed', ['errors.body'], 'reference'),
    ]);
    const v = decideVerdict(rules, true, undefined);
    assert.equal(v.verdict, 'pass');
    assert.match(v.reason, /all 2 must and implied rules pass/);
  });

  it('passes when a must rule is unsupported by the target, and says so', () => {
    const rules = rulesOf(DEFS.slice(0, 2), [scenario('a', 'unsupported', ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied')]);
    const v = decideVerdict(rules, true, undefined);
    assert.equal(v.verdict, 'pass');
    assert.match(v.reason, /1 of them unsupported/);
  });

  for (const status of ['failed', 'errored', 'timed-out'] as const) {
    it(`fails when a must rule is ${status}`, () => {
      const rules = rulesOf(DEFS, [scenario('a', status, ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied')]);
      const v = decideVerdict(rules, true, undefined);
      assert.equal(v.verdict, 'fail');
      assert.deepEqual(v.badRules, ['params.constraint-regex']);
    });
  }

  it('fails when a must rule did not run at all (undefined steps)', () => {
    const rules = rulesOf(DEFS.slice(0, 2), [scenario('a', 'skipped', ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied')]);
    const v = decideVerdict(rules, true, undefined);
    assert.equal(v.verdict, 'fail');
    assert.match(v.reason, /were not run .*params\.constraint-regex/);
  });

  it('an incomplete run always fails', () => {
    const rules = rulesOf(DEFS.slice(0, 1), [scenario('a', 'passed', ['params.constraint-regex'])]);
    const v = decideVerdict(rules, false, 'the target exited with code 1 during the run\nlast output');
    assert.equal(v.verdict, 'fail');
    assert.equal(v.reason, 'the run is incomplete: the target exited with code 1 during the run');
  });
});

describe('verdict with an expectations file', () => {
  const scenarios = [
    scenario('a', 'failed', ['params.constraint-regex']), scenario('a2', 'passed', ['params.constraint-regex']),
    scenario('b', 'errored', ['params.anchored'], 'implied'), scenario('c', 'failed', ['errors.body'], 'reference'),
  ];
  const rules = rulesOf(DEFS, scenarios);
  const known = new Set(['a', 'a2', 'b', 'c', 'gone-but-known', ...DEFS.map((d) => d.id)]);
  const verdictWith = (expected: ExpectationsFile['expected']) => {
    const comparison = compareWithExpectations(file(expected), rules, scenarios, known);
    return { comparison, verdict: decideVerdict(rules, true, undefined, comparison) };
  };

  it('passes when the results match exactly (scenario entries)', () => {
    const { comparison, verdict } = verdictWith([{ id: 'a', status: 'failed' }, { id: 'b', status: 'errored' }]);
    assert.deepEqual(comparison.mismatches, []);
    assert.equal(comparison.matched, 2);
    assert.equal(verdict.verdict, 'pass');
    assert.match(verdict.reason, /match the expectations file \(2 expected/);
  });

  it('a rule entry covers the failures of its scenarios', () => {
    const { comparison, verdict } = verdictWith([{ id: 'params.constraint-regex', status: 'failed' }, { id: 'params.anchored', status: 'errored' }]);
    assert.deepEqual(comparison.mismatches, []);
    assert.equal(verdict.verdict, 'pass');
  });

  it('a failure the file does not list is a regression', () => {
    const { comparison, verdict } = verdictWith([{ id: 'a', status: 'failed' }]);
    assert.deepEqual(comparison.mismatches.map((m) => [m.kind, m.id, m.expected, m.actual]), [['regression', 'b', 'passed', 'errored']]);
    assert.equal(verdict.verdict, 'fail');
    assert.match(verdict.reason, /1 result\(s\) differ from the expectations file/);
  });

  it('a different failure status than expected is a regression', () => {
    const { comparison } = verdictWith([{ id: 'a', status: 'timed-out' }, { id: 'b', status: 'errored' }]);
    assert.deepEqual(comparison.mismatches.map((m) => [m.kind, m.id, m.expected, m.actual]), [['regression', 'a', 'timed-out', 'failed']]);
  });

  it('an expected failure that now passes is an unexpected pass', () => {
    const { comparison, verdict } = verdictWith([{ id: 'a', status: 'failed' }, { id: 'b', status: 'errored' }, { id: 'a2', status: 'failed', reason: 'known bug' }]);
    assert.deepEqual(comparison.mismatches.map((m) => [m.kind, m.id, m.reason]), [['unexpected-pass', 'a2', 'known bug']]);
    assert.equal(verdict.verdict, 'fail');
    assert.match(verdict.reason, /1 unexpected pass\(es\): update the expectations file/);
  });

  it('an expected failure that is now unsupported is a change', () => {
    const s2 = [scenario('a', 'unsupported', ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied')];
    const comparison = compareWithExpectations(file([{ id: 'a', status: 'failed' }]), rulesOf(DEFS.slice(0, 2), s2), s2, known);
    assert.deepEqual(comparison.mismatches.map((m) => [m.kind, m.id]), [['changed', 'a']]);
  });

  it('reference-level results never count, even when listed', () => {
    const { comparison, verdict } = verdictWith([{ id: 'a', status: 'failed' }, { id: 'b', status: 'errored' }, { id: 'c', status: 'errored' }]);
    assert.deepEqual(comparison.informative, ['c']);
    assert.equal(verdict.verdict, 'pass');
  });

  it('ids not run are ignored; ids the suite does not know are reported as stale', () => {
    const { comparison, verdict } = verdictWith([{ id: 'a', status: 'failed' }, { id: 'b', status: 'errored' }, { id: 'gone-but-known', status: 'failed' }, { id: 'typo', status: 'failed' }]);
    assert.deepEqual(comparison.notRun, ['gone-but-known']);
    assert.deepEqual(comparison.unknown, ['typo']);
    assert.equal(verdict.verdict, 'pass');
  });

  it('all passing beats the file: unexpected passes are listed but the run passes', () => {
    const ok = [scenario('a', 'passed', ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied')];
    const okRules = rulesOf(DEFS.slice(0, 2), ok);
    const comparison = compareWithExpectations(file([{ id: 'a', status: 'failed' }]), okRules, ok, known);
    assert.equal(comparison.mismatches[0]!.kind, 'unexpected-pass');
    assert.equal(decideVerdict(okRules, true, undefined, comparison).verdict, 'pass');
  });

  it('a must rule that did not run passes only when expected as skipped', () => {
    const s2 = [scenario('a', 'skipped', ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied')];
    const r2 = rulesOf(DEFS.slice(0, 2), s2);
    const without = compareWithExpectations(file([]), r2, s2, known);
    assert.deepEqual(without.mismatches.map((m) => [m.kind, m.id, m.actual]), [['regression', 'params.constraint-regex', 'skipped']]);
    assert.equal(decideVerdict(r2, true, undefined, without).verdict, 'fail');
    const withIt = compareWithExpectations(file([{ id: 'a', status: 'skipped' }]), r2, s2, known);
    assert.deepEqual(withIt.mismatches, []);
    assert.equal(decideVerdict(r2, true, undefined, withIt).verdict, 'pass');
  });

  it('an incomplete run fails even when it matches', () => {
    const comparison = compareWithExpectations(file([{ id: 'a', status: 'failed' }, { id: 'b', status: 'errored' }]), rules, scenarios, known);
    assert.equal(decideVerdict(rules, false, 'interrupted by SIGINT', comparison).verdict, 'fail');
  });
});
