import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { compareWithExpectations } from '../../src/expectations/compare';
import { ExpectationsError, loadExpectations, parseExpectations } from '../../src/expectations/load';
import { updateExpectations } from '../../src/expectations/update';
import { storedCases } from '../../src/run/control/worldParameters';
import { rule, rulesOf, scenario } from '../run/results';

const DEFS = [rule('params.constraint-regex'), rule('params.anchored', 'implied'), rule('groups.prefix'), rule('errors.body', 'reference')];
const v2 = (rules: unknown[]) => JSON.stringify({ version: 2, implementation: 'x', rules });

describe('loading an expectations file', () => {
  it('accepts a valid file', () => {
    const f = parseExpectations(v2([{ rule: 'a.b', reason: 'r', issue: 'https://example.com/1', results: [{ scenario: 's', status: 'failed' }] }]), 'e.json');
    assert.equal(f.rules[0]!.issue, 'https://example.com/1');
  });

  const bad: Array<[string, string, RegExp]> = [
    ['not JSON', '{"implementation": ', /e\.json is not valid JSON/],
    ['no implementation', '{"version":2,"rules":[]}', /at \/: must have required property 'implementation'/],
    ['a passed status', v2([{ rule: 'a', results: [{ scenario: 's', status: 'passed' }] }]), /at \/rules\/0\/results\/0\/status: must be equal to one of the allowed values/],
    ['an unknown field', v2([{ rule: 'a', why: '?', results: [{ scenario: 's', status: 'failed' }] }]), /at \/rules\/0: must NOT have additional properties: "why"/],
    ['an issue that is not a URL', v2([{ rule: 'a', issue: '#12', results: [{ scenario: 's', status: 'failed' }] }]), /at \/rules\/0\/issue: must match format "uri"/],
    ['a rule without results', v2([{ rule: 'a', results: [] }]), /at \/rules\/0\/results/],
    ['a repeated rule', v2([{ rule: 'a', results: [{ scenario: 's', status: 'failed' }] }, { rule: 'a', results: [{ scenario: 't', status: 'failed' }] }]), /lists the rule "a" twice \(at \/rules\/1\)/],
    ['a repeated result', v2([{ rule: 'a', results: [{ scenario: 's', status: 'failed' }, { scenario: 's', status: 'errored' }] }]), /lists "s" twice under a/],
    ['a blocked result without its blocker', v2([{ rule: 'a', results: [{ scenario: 's', status: 'blocked' }] }]), /blockedBy goes with the status blocked/],
    ['version 1 when comparing', JSON.stringify({ implementation: 'x', expected: [{ id: 'a', status: 'failed' }] }), /is version 1 \(rule by rule\).*--update-expectations to convert it/],
  ];
  for (const [name, text, message] of bad) {
    it(`rejects ${name}`, () => {
      assert.throws(() => parseExpectations(text, 'e.json'), (err: unknown) => err instanceof ExpectationsError && message.test(err.message));
    });
  }

  it('reads a version 1 file for --update-expectations, keeping its reasons and issues', () => {
    const f = parseExpectations(JSON.stringify({ implementation: 'x', profile: ['routing'], expected: [{ id: 'a.b', status: 'failed', reason: 'why', issue: 'https://example.com/2' }] }), 'e.json', true);
    assert.deepEqual(f, { version: 2, implementation: 'x', profile: ['routing'], rules: [{ rule: 'a.b', reason: 'why', issue: 'https://example.com/2', results: [] }] });
  });

  it('says when the file does not exist', () => {
    assert.throws(() => loadExpectations('/nonexistent/e.json'), /the expectations file \/nonexistent\/e\.json does not exist/);
  });
});

describe('--update-expectations', () => {
  const scenarios = [
    scenario('p-1', 'failed', ['params.constraint-regex'], 'must', { message: 'expected 404, got 200\nstack' }),
    scenario('p-2', 'passed', ['params.constraint-regex']),
    scenario('a-1', 'timed-out', ['params.anchored'], 'implied'),
    scenario('g-1', 'unsupported', ['groups.prefix']),
    scenario('ref-1', 'failed', ['errors.body'], 'reference'),
  ];
  const rules = rulesOf(DEFS, scenarios);
  const known = new Set([...scenarios.map((s) => s.id), ...DEFS.map((d) => d.id)]);

  it('lists every non-passing counted result by rule, the first line of the failure as reason, and the declared profile', () => {
    const f = updateExpectations(undefined, 'acme', rules, scenarios, ['routing']);
    assert.equal(f.implementation, 'acme');
    assert.equal(f.version, 2);
    assert.deepEqual(f.profile, ['routing']);
    assert.deepEqual(f.rules, [
      { rule: 'params.anchored', reason: 'a-1 did not pass', results: [{ scenario: 'a-1', status: 'timed-out' }] },
      { rule: 'params.constraint-regex', reason: 'expected 404, got 200', results: [{ scenario: 'p-1', status: 'failed' }] },
    ]);
  });

  it('round trip: the updated file validates, is written and read back, and matches the same run', () => {
    const f = updateExpectations(undefined, 'acme', rules, scenarios, ['routing']);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-exp-')), 'expectations.json');
    fs.writeFileSync(file, JSON.stringify(f, null, 2));
    const read = loadExpectations(file);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    const comparison = compareWithExpectations(read, rules, scenarios, known, ['routing']);
    assert.deepEqual(comparison.mismatches, []);
    assert.equal(comparison.matched, 2);
    assert.equal(comparison.profile?.status, 'matches');
  });

  it('keeps reasons and issues, drops results that now pass, keeps rules and scenarios not in the run', () => {
    const existing = {
      version: 2 as const, implementation: 'acme-old-name',
      rules: [
        { rule: 'params.constraint-regex', reason: 'router bug', issue: 'https://example.com/issues/1', results: [{ scenario: 'p-2', status: 'failed' as const }, { scenario: 'p-9', status: 'failed' as const }] },
        { rule: 'not-selected', reason: 'filtered out of this run', results: [{ scenario: 'n-1', status: 'failed' as const }] },
      ],
    };
    const f = updateExpectations(existing, 'acme', rules, scenarios);
    assert.equal(f.implementation, 'acme-old-name');
    assert.deepEqual(f.rules, [
      { rule: 'not-selected', reason: 'filtered out of this run', results: [{ scenario: 'n-1', status: 'failed' }] },
      { rule: 'params.anchored', reason: 'a-1 did not pass', results: [{ scenario: 'a-1', status: 'timed-out' }] },
      { rule: 'params.constraint-regex', reason: 'router bug', issue: 'https://example.com/issues/1', results: [{ scenario: 'p-1', status: 'failed' }, { scenario: 'p-9', status: 'failed' }] },
    ]);
  });

  it('records a blocked result with its blocker, and a property failure with its signatures', () => {
    const blocked = scenario('g-2', 'blocked', ['groups.prefix']);
    blocked.outcomes[0]!.needs = ['params.constraint-regex'];
    const prop = scenario('prop', 'failed', ['params.anchored'], 'implied');
    prop.outcomes[0]!.signatures = ['params.anchored:matched'];
    const all = [...scenarios, blocked, prop];
    const f = updateExpectations(undefined, 'acme', rulesOf(DEFS, all), all);
    assert.deepEqual(f.rules.find((r) => r.rule === 'groups.prefix'), { rule: 'groups.prefix', reason: 'blocked by params.constraint-regex', results: [{ scenario: 'g-2', status: 'blocked', blockedBy: 'params.constraint-regex' }] });
    assert.deepEqual(f.rules.find((r) => r.rule === 'params.anchored')!.results.find((x) => x.scenario === 'prop'), { scenario: 'prop', status: 'failed', signatures: ['params.anchored:matched'] });
    // A new kind of failure of the same property is a new failing case: the gate sees it.
    const later = [...scenarios, blocked, scenario('prop', 'failed', ['params.anchored'], 'implied')];
    later[later.length - 1]!.outcomes[0]!.signatures = ['params.anchored:matched', 'params.anchored:not-matched'];
    const m = compareWithExpectations(f, rulesOf(DEFS, later), later, new Set([...known, 'g-2', 'prop'])).mismatches;
    assert.deepEqual(m.map((x) => [x.kind, x.id, x.detail]), [['changed', 'params.anchored › prop', 'new failing case params.anchored:not-matched']]);
  });

  it('stores a property failure\'s counterexample with its signature (not a corpus case), and the run replays it', () => {
    const prop = scenario('prop', 'failed', ['params.anchored'], 'implied', {
      property: { property: 'regex-constraints', failures: [
        { signature: 'params.anchored:matched', origin: 'search', caseId: 'c0123456789ab', counterexample: { input: { routes: [1] } } },
        { signature: 'params.anchored:matched', origin: 'corpus', caseId: 'cbbbbbbbbbbbb', counterexample: { input: { routes: [2] } } },
        { signature: 'params.constraint-regex:not-matched', origin: 'search', caseId: 'ccccccccccccc', counterexample: { input: { routes: [3] } } },
      ] },
    });
    prop.outcomes[0]!.signatures = ['params.anchored:matched'];
    const all = [...scenarios, prop];
    const f = updateExpectations(undefined, 'acme', rulesOf(DEFS, all), all);
    const result = f.rules.find((r) => r.rule === 'params.anchored')!.results.find((x) => x.scenario === 'prop');
    assert.deepEqual(result, { scenario: 'prop', status: 'failed', signatures: ['params.anchored:matched'], cases: [{ id: 'c0123456789ab', signature: 'params.anchored:matched', input: { routes: [1] } }] });
    // Valid against the schema, and handed to the properties as the cases to replay.
    assert.doesNotThrow(() => parseExpectations(JSON.stringify(f), 'e.json'));
    assert.deepEqual(storedCases(f), { prop: [{ input: { routes: [1] } }] });
    assert.equal(storedCases({ version: 2, implementation: 'x', rules: [] }), undefined);
  });

  it('drops results of scenarios the suite no longer has (retired ids), keeps those merely not selected', () => {
    const existing = { version: 2 as const, implementation: 'acme', rules: [{ rule: 'groups.prefix', reason: 'r', results: [
      { scenario: 'g-retired', status: 'blocked' as const, blockedBy: 'url.path' }, { scenario: 'g-other', status: 'failed' as const },
    ] }] };
    const f = updateExpectations(existing, 'acme', rules, scenarios, undefined, new Set([...known, 'g-other']));
    assert.deepEqual(f.rules.find((r) => r.rule === 'groups.prefix')?.results, [{ scenario: 'g-other', status: 'failed' }]);
  });

  it('drops a rule once it passes', () => {
    const ok = [scenario('p-1', 'passed', ['params.constraint-regex'])];
    const f = updateExpectations({ version: 2, implementation: 'acme', rules: [{ rule: 'params.constraint-regex', results: [{ scenario: 'p-1', status: 'failed' }] }] }, 'acme', rulesOf(DEFS.slice(0, 1), ok), ok);
    assert.deepEqual(f.rules, []);
  });
});

describe('the expectations file\'s reasons, for reports', () => {
  it('lists the reason and issue of every counted rule the file lists, never a reference rule\'s', () => {
    const scenarios = [scenario('p-1', 'failed', ['params.constraint-regex']), scenario('g-1', 'failed', ['groups.prefix']), scenario('e-1', 'failed', ['errors.body'], 'reference')];
    const file = { version: 2 as const, implementation: 'acme', rules: [
      { rule: 'params.constraint-regex', reason: 'our regex uses $', issue: 'https://example.com/12', results: [{ scenario: 'p-1', status: 'failed' as const }] },
      { rule: 'groups.prefix', results: [{ scenario: 'g-1', status: 'failed' as const }] },
      { rule: 'errors.body', reason: 'informative', results: [{ scenario: 'e-1', status: 'failed' as const }] },
    ] };
    const comparison = compareWithExpectations(file, rulesOf(DEFS, scenarios), scenarios, new Set(['p-1', 'g-1', 'e-1']));
    assert.deepEqual(comparison.reasons, [{ rule: 'params.constraint-regex', reason: 'our regex uses $', issue: 'https://example.com/12' }]);
    assert.equal(comparison.matched, 3 - 1);
  });
});
