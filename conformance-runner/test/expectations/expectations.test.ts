import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { compareWithExpectations } from '../../src/expectations/compare';
import { ExpectationsError, loadExpectations, parseExpectations } from '../../src/expectations/load';
import { updateExpectations } from '../../src/expectations/update';
import { rule, rulesOf, scenario } from '../run/results';

const DEFS = [rule('params.constraint-regex'), rule('params.anchored', 'implied'), rule('groups.prefix'), rule('errors.body', 'reference')];

describe('loading an expectations file', () => {
  it('accepts a valid file', () => {
    const f = parseExpectations(JSON.stringify({ implementation: 'acme', expected: [{ id: 'a', status: 'failed', reason: 'r', issue: 'https://example.com/1' }] }), 'e.json');
    assert.equal(f.expected[0]!.issue, 'https://example.com/1');
  });

  const bad: Array<[string, string, RegExp]> = [
    ['not JSON', '{"implementation": ', /e\.json is not valid JSON/],
    ['no implementation', '{"expected": []}', /at \/: must have required property 'implementation'/],
    ['a passed status', '{"implementation":"x","expected":[{"id":"a","status":"passed"}]}', /at \/expected\/0\/status: must be equal to one of the allowed values/],
    ['an unknown field', '{"implementation":"x","expected":[{"id":"a","status":"failed","why":"?"}]}', /at \/expected\/0: must NOT have additional properties: "why"/],
    ['an issue that is not a URL', '{"implementation":"x","expected":[{"id":"a","status":"failed","issue":"#12"}]}', /at \/expected\/0\/issue: must match format "uri"/],
    ['an empty id', '{"implementation":"x","expected":[{"id":"","status":"failed"}]}', /at \/expected\/0\/id/],
    ['a repeated id', '{"implementation":"x","expected":[{"id":"a","status":"failed"},{"id":"a","status":"errored"}]}', /lists "a" twice \(at \/expected\/1\)/],
  ];
  for (const [name, text, message] of bad) {
    it(`rejects ${name}`, () => {
      assert.throws(() => parseExpectations(text, 'e.json'), (err: unknown) => err instanceof ExpectationsError && message.test(err.message));
    });
  }

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

  it('lists exactly the bad must/implied rules, with the first line of the failure as reason, and the declared profile', () => {
    const f = updateExpectations(undefined, 'acme', rules, scenarios, ['routing']);
    assert.equal(f.implementation, 'acme');
    assert.deepEqual(f.profile, ['routing']);
    assert.deepEqual(f.expected, [
      { id: 'params.anchored', status: 'timed-out', reason: 'a-1 did not pass' },
      { id: 'params.constraint-regex', status: 'failed', reason: 'expected 404, got 200' },
    ]);
  });

  it('round trip: the updated file validates, is written and read back, and matches the same run', () => {
    const f = updateExpectations(undefined, 'acme', rules, scenarios, ['routing']);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-exp-')), 'expectations.json');
    fs.writeFileSync(file, JSON.stringify(f, null, 2));
    const read = loadExpectations(file);
    const comparison = compareWithExpectations(read, rules, scenarios, known, ['routing']);
    assert.deepEqual(comparison.mismatches, []);
    assert.equal(comparison.matched, 2);
    assert.equal(comparison.profile?.status, 'matches');
  });

  it('keeps reasons and issues, updates statuses, drops entries that now pass, keeps entries not in the run', () => {
    const existing = {
      implementation: 'acme-old-name',
      expected: [
        { id: 'params.constraint-regex', status: 'errored' as const, reason: 'router bug', issue: 'https://example.com/issues/1' },
        { id: 'groups.prefix', status: 'failed' as const, reason: 'unsupported since' },
        { id: 'not-selected', status: 'failed' as const, reason: 'filtered out of this run' },
      ],
    };
    const f = updateExpectations(existing, 'acme', rules, scenarios);
    assert.equal(f.implementation, 'acme-old-name');
    assert.deepEqual(f.expected, [
      { id: 'not-selected', status: 'failed', reason: 'filtered out of this run' },
      { id: 'params.anchored', status: 'timed-out', reason: 'a-1 did not pass' },
      { id: 'params.constraint-regex', status: 'failed', reason: 'router bug', issue: 'https://example.com/issues/1' },
    ]);
  });

  it('keeps a hand-written scenario entry while the scenario is still bad, instead of adding its rule', () => {
    const existing = { implementation: 'acme', expected: [{ id: 'p-1', status: 'failed' as const, reason: 'no regex support' }] };
    const f = updateExpectations(existing, 'acme', rules, scenarios);
    assert.deepEqual(f.expected.map((e) => e.id), ['p-1', 'params.anchored']);
    assert.equal(f.expected[0]!.reason, 'no regex support');
    assert.deepEqual(compareWithExpectations(f, rules, scenarios, known).mismatches, []);
  });

  it('drops a rule entry once the rule passes', () => {
    const ok = [scenario('p-1', 'passed', ['params.constraint-regex'])];
    const f = updateExpectations({ implementation: 'acme', expected: [{ id: 'params.constraint-regex', status: 'failed' }] }, 'acme', rulesOf(DEFS.slice(0, 1), ok), ok);
    assert.deepEqual(f.expected, []);
  });
});
