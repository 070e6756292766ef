import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aggregateRules, aggregateStatus } from '../../src/attribution/rules';
import { conformancePercent, summarise } from '../../src/run/finish/summary';
import { scenarioLevel } from '../../src/model/levels';
import { describePickle } from '../../src/run/control/suite';
import type { RuleDef } from '../../src/model/suite';
import { rule, scenario } from './results';

describe('scenario levels', () => {
  it('is the strictest level of its rules, must < implied < reference', () => {
    assert.equal(scenarioLevel(['must']), 'must');
    assert.equal(scenarioLevel(['must', 'implied']), 'implied');
    assert.equal(scenarioLevel(['implied', 'must', 'reference']), 'reference');
    assert.equal(scenarioLevel([]), 'must');
  });

  it('counts the rules a scenario stands on (@needs) as its own', () => {
    const rules = new Map<string, RuleDef>([
      ['errors.method-not-allowed', { id: 'errors.method-not-allowed', level: 'must' } as RuleDef],
      ['params.within-segment', { id: 'params.within-segment', level: 'implied' } as RuleDef],
      ['params.constraint-spans-slash', { id: 'params.constraint-spans-slash', level: 'reference' } as RuleDef],
    ]);
    const pickle = (...tags: string[]) => ({ id: 'p', astNodeIds: [], language: 'en', name: 's', uri: 'f.feature', steps: [], tags: tags.map((name) => ({ name, astNodeId: 'a' })) });
    assert.equal(describePickle(pickle('@id:a', '@rule:errors.method-not-allowed'), rules).level, 'must');
    assert.equal(describePickle(pickle('@id:b', '@rule:errors.method-not-allowed', '@needs:params.within-segment'), rules).level, 'implied');
    assert.equal(describePickle(pickle('@id:c', '@rule:errors.method-not-allowed', '@needs:params.constraint-spans-slash'), rules).level, 'reference');
  });
});

describe('rule status from its scenarios', () => {
  it('follows the documented order', () => {
    assert.equal(aggregateStatus(['passed', 'failed', 'errored']), 'failed');
    assert.equal(aggregateStatus(['passed', 'timed-out', 'errored']), 'errored');
    assert.equal(aggregateStatus(['passed', 'timed-out', 'unsupported']), 'timed-out');
    // Some scenarios passed and the others could not run: tested in part, never passed.
    assert.equal(aggregateStatus(['passed', 'unsupported', 'skipped']), 'partly-tested');
    assert.equal(aggregateStatus(['passed', 'skipped']), 'passed');
    assert.equal(aggregateStatus(['passed', 'unsupported', 'failed']), 'failed');
    assert.equal(aggregateStatus(['unsupported', 'skipped']), 'unsupported');
    assert.equal(aggregateStatus(['skipped', 'skipped']), 'skipped');
    assert.equal(aggregateStatus([]), 'skipped');
  });

  it('lists every scenario of a rule and counts only non-reference ones for must/implied rules', () => {
    const [r] = aggregateRules([rule('errors.not-found')], [
      scenario('nf-plain', 'passed', ['errors.not-found']),
      scenario('nf-body', 'failed', ['errors.not-found', 'errors.body'], 'reference'),
    ]);
    assert.equal(r!.status, 'passed');
    assert.deepEqual(r!.scenarios, ['nf-plain', 'nf-body']);
    assert.deepEqual(r!.counted, ['nf-plain']);
  });

  it('a reference rule is decided by its own (reference-level) scenarios', () => {
    const [r] = aggregateRules([rule('errors.body', 'reference')], [scenario('nf-body', 'failed', ['errors.not-found', 'errors.body'], 'reference')]);
    assert.equal(r!.status, 'failed');
  });

  it('a must rule with only reference-level scenarios is decided by them, with a warning', () => {
    const warnings: string[] = [];
    const [r] = aggregateRules([rule('errors.allow-header')], [scenario('a', 'failed', ['errors.allow-header', 'errors.allow-order'], 'reference')], warnings);
    assert.equal(r!.status, 'failed');
    assert.match(warnings[0]!, /must rule errors\.allow-header is only exercised by reference-level scenarios/);
  });

  it('a rule without selected scenarios is skipped', () => {
    const [r] = aggregateRules([rule('groups.prefix')], []);
    assert.equal(r!.status, 'skipped');
    assert.deepEqual(r!.scenarios, []);
  });

  it('an implied scenario counts for a must rule it touches', () => {
    const [r] = aggregateRules([rule('params.constraint-regex')], [scenario('x', 'errored', ['params.constraint-regex', 'params.anchored'], 'implied')]);
    assert.equal(r!.status, 'errored');
  });
});

describe('summary', () => {
  it('counts scenarios and rules by status and level, and the conformance share of must + implied rules', () => {
    const scenarios = [
      scenario('a', 'passed', ['r.a']), scenario('b', 'failed', ['r.b']), scenario('c', 'unsupported', ['r.c'], 'implied'),
      scenario('d', 'failed', ['r.d'], 'reference'),
    ];
    const rules = aggregateRules([rule('r.a'), rule('r.b'), rule('r.c', 'implied'), rule('r.d', 'reference')], scenarios);
    const s = summarise(rules, scenarios);
    assert.equal(s.scenarios.byStatus.total, 4);
    assert.equal(s.scenarios.byStatus.failed, 2);
    assert.equal(s.scenarios.byLevel.must.passed, 1);
    assert.equal(s.scenarios.byLevel.reference.failed, 1);
    assert.equal(s.rules.byLevel.implied.unsupported, 1);
    assert.equal(s.rules.byStatus.errored, 0);
    assert.deepEqual(s.conformance, { passed: 1, total: 3, percent: 33.3 });
  });

  it('never rounds a partial pass up to 100 %', () => {
    assert.equal(conformancePercent(1999, 2000), 99.9);
    assert.equal(conformancePercent(2, 2), 100);
    assert.equal(conformancePercent(0, 0), 0);
  });
});
