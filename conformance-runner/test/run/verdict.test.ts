import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareWithExpectations } from '../../src/expectations/compare';
import type { ExpectationsFile, ExpectedResult } from '../../src/expectations/types';
import { CAPABILITIES, type Capability } from '../../src/protocol/manifest';
import type { RuleResult } from '../../src/model/results';
import type { Verdict } from '../../src/model/verdict';
import { decideVerdict, profileOf } from '../../src/run/finish/verdict';
import { rule, rulesOf, scenario } from './results';

const DEFS = [rule('params.constraint-regex'), rule('params.anchored', 'implied'), rule('errors.body', 'reference')];
const ALL = [...CAPABILITIES] as string[];
type Entry = [rule: string, scenario: string, status: ExpectedResult['status'], reason?: string];
/** An expectations file (version 2) from [rule, scenario, status] entries. */
const file = (entries: Entry[], profile?: string[]): ExpectationsFile => {
  const rules = new Map<string, ExpectationsFile['rules'][number]>();
  for (const [r, sc, status, reason] of entries) {
    const e = rules.get(r) ?? { rule: r, ...(reason !== undefined ? { reason } : {}), results: [] };
    e.results.push({ scenario: sc, status });
    rules.set(r, e);
  }
  return { version: 2, implementation: 'acme', rules: [...rules.values()], ...(profile ? { profile } : {}) };
};

function verdict(rules: RuleResult[], declared: string[] = ALL, extra: { requested?: Capability[]; filtered?: string; complete?: boolean; reason?: string } = {}): Verdict {
  return decideVerdict({
    rules, complete: extra.complete ?? true, incompleteReason: extra.reason,
    profile: profileOf(declared, extra.requested ?? null, rules), filtered: extra.filtered,
  });
}

describe('the verdict', () => {
  it('conforms when every capability is declared and every must and implied rule passes, whatever the reference rules do', () => {
    const rules = rulesOf(DEFS, [
      scenario('a', 'passed', ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied'),
      scenario('c', 'failed', ['errors.body'], 'reference'),
    ]);
    const v = verdict(rules);
    assert.equal(v.verdict, 'conforms');
    assert.match(v.reason, /all 2 must and implied rules pass with the full profile/);
    assert.deepEqual(v.gate, { pass: true, reason: 'the implementation conforms' });
  });

  it('a routing-only target cannot conform: partial, and the gate fails by default', () => {
    const rules = rulesOf(DEFS.slice(0, 2), [scenario('a', 'unsupported', ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied')]);
    const v = verdict(rules, ['routing']);
    assert.equal(v.verdict, 'partial');
    assert.match(v.reason, /^partial: the 1 must and implied rules that ran in full pass, but the target does not declare groups, middleware, .*route-files \(1 must and implied rules untested\)$/);
    assert.equal(v.gate.pass, false);
    assert.match(v.gate.reason, /partial profile: .*pass --profile routing/);
  });

  it('a partial target passes the gate when it is held to the profile it declares (--profile)', () => {
    const rules = rulesOf(DEFS.slice(0, 2), [scenario('a', 'unsupported', ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied')]);
    const v = verdict(rules, ['routing', 'groups'], { requested: ['routing', 'groups'] });
    assert.equal(v.verdict, 'partial');
    assert.equal(v.gate.pass, true);
  });

  it('the gate fails when the requested profile names a capability the target does not declare', () => {
    const rules = rulesOf(DEFS.slice(0, 1), [scenario('a', 'passed', ['params.constraint-regex'])]);
    const v = verdict(rules, ['routing'], { requested: ['routing', 'resources'] });
    assert.equal(v.gate.pass, false);
    assert.match(v.gate.reason, /does not declare resources/);
  });

  it('a narrowed run is partial, never conforms; the gate passes when what it selected passes', () => {
    const rules = rulesOf(DEFS.slice(0, 1), [scenario('a', 'passed', ['params.constraint-regex'])]);
    const v = verdict(rules, ALL, { filtered: '--rule params' });
    assert.equal(v.verdict, 'partial');
    assert.match(v.reason, /the run selects --rule params/);
    assert.equal(v.gate.pass, true);
  });

  for (const status of ['failed', 'errored', 'timed-out'] as const) {
    it(`fails when a must rule is ${status}`, () => {
      const rules = rulesOf(DEFS, [scenario('a', status, ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied')]);
      const v = verdict(rules);
      assert.equal(v.verdict, 'fails');
      assert.deepEqual(v.badRules, ['params.constraint-regex']);
      assert.equal(v.gate.pass, false);
    });
  }

  it('fails when a must rule is only blocked: its root cause fails', () => {
    const rules = rulesOf(DEFS.slice(0, 2), [
      scenario('a', 'failed', ['params.constraint-regex'], 'must', { outcomes: [{ rule: 'params.constraint-regex', scenario: 'a', status: 'failed', needs: ['params.anchored'] }] }),
      scenario('b', 'failed', ['params.anchored'], 'implied'),
    ]);
    assert.deepEqual(rules.map((r) => [r.id, r.status, r.blockedBy]), [['params.constraint-regex', 'blocked', ['params.anchored']], ['params.anchored', 'failed', []]]);
    const v = decideVerdict({ rules, complete: true, profile: profileOf(ALL, null, rules), rootCauses: ['params.anchored'] });
    assert.equal(v.verdict, 'fails');
    assert.deepEqual(v.badRules, ['params.anchored']);
    assert.match(v.reason, /2 of 2 must and implied rules do not pass \(root causes: params\.anchored\)/);
  });

  it('fails when a must rule did not run at all (undefined steps)', () => {
    const rules = rulesOf(DEFS.slice(0, 2), [scenario('a', 'skipped', ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied')]);
    const v = verdict(rules);
    assert.equal(v.verdict, 'fails');
    assert.match(v.reason, /were not run .*params\.constraint-regex/);
  });

  it('an incomplete run always fails', () => {
    const rules = rulesOf(DEFS.slice(0, 1), [scenario('a', 'passed', ['params.constraint-regex'])]);
    const v = verdict(rules, ALL, { complete: false, reason: 'the target exited with code 1 during the run\nlast output' });
    assert.equal(v.verdict, 'fails');
    assert.equal(v.reason, 'the run is incomplete: the target exited with code 1 during the run');
    assert.equal(v.gate.pass, false);
  });
});

describe('the gate with an expectations file', () => {
  const scenarios = [
    scenario('a', 'failed', ['params.constraint-regex']), scenario('a2', 'passed', ['params.constraint-regex']),
    scenario('b', 'errored', ['params.anchored'], 'implied'), scenario('c', 'failed', ['errors.body'], 'reference'),
  ];
  const rules = rulesOf(DEFS, scenarios);
  const known = new Set(['a', 'a2', 'b', 'c', 'gone-but-known', ...DEFS.map((d) => d.id)]);
  const gateWith = (f: ExpectationsFile, declared: string[] = ALL, r = rules, s = scenarios) => {
    const comparison = compareWithExpectations(f, r, s, known, declared);
    return { comparison, verdict: decideVerdict({ rules: r, complete: true, comparison, profile: profileOf(declared, (f.profile as Capability[] | undefined) ?? null, r) }) };
  };

  it('passes the gate when the results match exactly; the verdict still says it fails', () => {
    const { comparison, verdict: v } = gateWith(file([['params.constraint-regex', 'a', 'failed'], ['params.anchored', 'b', 'errored']]));
    assert.deepEqual(comparison.mismatches, []);
    assert.equal(comparison.matched, 2);
    assert.equal(v.verdict, 'fails');
    assert.equal(v.gate.pass, true);
    assert.match(v.gate.reason, /match the expectations file \(2 expected/);
  });

  it('a new failing scenario inside an expected rule is a regression', () => {
    const more = [...scenarios, scenario('a3', 'failed', ['params.constraint-regex'])];
    const { comparison, verdict: v } = gateWith(file([['params.constraint-regex', 'a', 'failed'], ['params.anchored', 'b', 'errored']]), ALL, rulesOf(DEFS, more), more);
    assert.deepEqual(comparison.mismatches.map((m) => [m.kind, m.id, m.detail]), [['regression', 'params.constraint-regex › a3', 'a new failed result']]);
    assert.equal(v.gate.pass, false);
  });

  it('a regression behind an expected failure — a newly blocked result, or one blocked by another rule — fails the gate', () => {
    const blocked = [...scenarios, scenario('g', 'blocked', ['groups.prefix'])];
    blocked[blocked.length - 1]!.outcomes[0]!.needs = ['params.constraint-regex'];
    const r = rulesOf([...DEFS, rule('groups.prefix')], blocked);
    const base: Entry[] = [['params.constraint-regex', 'a', 'failed'], ['params.anchored', 'b', 'errored']];
    const newly = gateWith(file(base), ALL, r, blocked).comparison;
    assert.deepEqual(newly.mismatches.map((m) => [m.kind, m.id, m.detail]), [['regression', 'groups.prefix › g', 'newly blocked by params.constraint-regex']]);
    const other = file([...base, ['groups.prefix', 'g', 'blocked']]);
    other.rules[2]!.results[0]!.blockedBy = 'params.anchored';
    assert.deepEqual(gateWith(other, ALL, r, blocked).comparison.mismatches.map((m) => [m.kind, m.detail]), [['changed', 'blocked by params.constraint-regex instead of params.anchored']]);
    const same = file([...base, ['groups.prefix', 'g', 'blocked']]);
    same.rules[2]!.results[0]!.blockedBy = 'params.constraint-regex';
    assert.deepEqual(gateWith(same, ALL, r, blocked).comparison.mismatches, []);
  });

  it('a failing rule the file does not list is a regression', () => {
    const { comparison, verdict: v } = gateWith(file([['params.constraint-regex', 'a', 'failed']]));
    assert.deepEqual(comparison.mismatches.map((m) => [m.kind, m.id, m.expected, m.actual]), [['regression', 'params.anchored › b', 'passed', 'errored']]);
    assert.equal(v.gate.pass, false);
    assert.match(v.gate.reason, /1 result\(s\) differ from the expectations file/);
  });

  it('a different failure status than expected is a change; blocked → failed is a regression', () => {
    const { comparison } = gateWith(file([['params.constraint-regex', 'a', 'timed-out'], ['params.anchored', 'b', 'errored']]));
    assert.deepEqual(comparison.mismatches.map((m) => [m.kind, m.id, m.expected, m.actual]), [['changed', 'params.constraint-regex › a', 'timed-out', 'failed']]);
    const worse = gateWith(file([['params.constraint-regex', 'a', 'blocked'], ['params.anchored', 'b', 'errored']])).comparison;
    assert.deepEqual(worse.mismatches.map((m) => [m.kind, m.id]), [['regression', 'params.constraint-regex › a']]);
  });

  it('an expected failure that now passes is an unexpected pass, and fails the gate', () => {
    const ok = [scenario('a', 'passed', ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied')];
    const okRules = rulesOf(DEFS.slice(0, 2), ok);
    const { comparison, verdict: v } = gateWith(file([['params.constraint-regex', 'a', 'failed', 'known bug']]), ALL, okRules, ok);
    assert.deepEqual(comparison.mismatches.map((m) => [m.kind, m.id, m.reason]), [['unexpected-pass', 'params.constraint-regex › a', 'known bug']]);
    assert.equal(v.verdict, 'conforms');
    assert.equal(v.gate.pass, false);
  });

  it('an expected failure that is now unsupported is a change', () => {
    const s2 = [scenario('a', 'unsupported', ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied')];
    const comparison = compareWithExpectations(file([['params.constraint-regex', 'a', 'failed']]), rulesOf(DEFS.slice(0, 2), s2), s2, known);
    assert.deepEqual(comparison.mismatches.map((m) => [m.kind, m.id]), [['changed', 'params.constraint-regex › a']]);
  });

  it('reference-level results never count, even when listed; unknown ids are stale', () => {
    const { comparison, verdict: v } = gateWith(file([['params.constraint-regex', 'a', 'failed'], ['params.anchored', 'b', 'errored'],
      ['errors.body', 'c', 'failed'], ['gone-but-known', 'x', 'failed'], ['typo', 'x', 'failed']]));
    assert.deepEqual(comparison.informative, ['errors.body']);
    assert.deepEqual(comparison.notRun, ['gone-but-known']);
    assert.deepEqual(comparison.unknown, ['typo']);
    assert.equal(v.gate.pass, true);
  });

  it('a partial target passes only with its profile recorded, and fails when the declared capabilities change', () => {
    const expected: Entry[] = [['params.constraint-regex', 'a', 'failed'], ['params.anchored', 'b', 'errored']];
    const withUntested = [...scenarios, scenario('g', 'unsupported', ['groups.prefix'])];
    const r = rulesOf([...DEFS, rule('groups.prefix')], withUntested);
    assert.equal(gateWith(file(expected), ['routing'], r, withUntested).verdict.gate.pass, false);
    assert.equal(gateWith(file(expected, ['routing']), ['routing'], r, withUntested).verdict.gate.pass, true);
    const dropped = gateWith(file(expected, ['routing', 'groups']), ['routing']);
    assert.equal(dropped.verdict.gate.pass, false);
    assert.match(dropped.verdict.gate.reason, /no longer declares groups/);
    const added = gateWith(file(expected, ['routing']), ['routing', 'groups']);
    assert.match(added.verdict.gate.reason, /now declares groups: update the expectations file/);
  });

  it('a must rule that did not run is a regression unless expected as skipped', () => {
    const s2 = [scenario('a', 'skipped', ['params.constraint-regex']), scenario('b', 'passed', ['params.anchored'], 'implied')];
    const r2 = rulesOf(DEFS.slice(0, 2), s2);
    assert.deepEqual(gateWith(file([]), ALL, r2, s2).comparison.mismatches.map((m) => [m.kind, m.id, m.actual]), [['regression', 'params.constraint-regex › a', 'skipped']]);
    assert.equal(gateWith(file([['params.constraint-regex', 'a', 'skipped']]), ALL, r2, s2).verdict.gate.pass, true);
  });

  it('an incomplete run fails the gate even when it matches', () => {
    const comparison = compareWithExpectations(file([['params.constraint-regex', 'a', 'failed'], ['params.anchored', 'b', 'errored']]), rules, scenarios, known);
    assert.equal(decideVerdict({ rules, complete: false, incompleteReason: 'interrupted by SIGINT', comparison, profile: profileOf(ALL, null, rules) }).gate.pass, false);
  });
});
