import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { escapeTag, ruleMatches, select, SelectionError } from '../../src/run/control/selection';
import { loadSuite, SuiteError } from '../../src/run/control/suite';
import { tempDir } from '../tempDirs';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'runner', 'suite');

describe('loading a suite', () => {
  const suite = loadSuite(FIXTURE);

  it('reads the rule catalog and every pickle with its id, rules, level and line', () => {
    assert.equal(suite.rules.length, 6);
    assert.equal(suite.scenarios.length, 7);
    const ref = suite.scenarios.find((s) => s.id === 'basic-reference')!;
    assert.deepEqual(ref.rules, ['basic.pass', 'basic.reference-choice']);
    assert.equal(ref.level, 'reference');
    assert.equal(ref.uri, 'features/01-basic.feature');
    assert.equal(ref.line, 28);
    assert.deepEqual(suite.scenarios.find((s) => s.id === 'basic-unsupported')!.capabilities, ['views']);
    assert.equal(suite.scenarios.find((s) => s.id === 'basic-property')!.property, true);
    assert.deepEqual(suite.warnings, []);
  });

  function brokenSuite(files: Record<string, string>): string {
    const root = tempDir('fw-suite-');
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      fs.writeFileSync(path.join(root, name), text);
    }
    return root;
  }
  const RULES = JSON.stringify({ rules: [{ id: 'a.b', level: 'must', section: 'A', statement: 's' }] });

  it('rejects a missing or malformed catalog with a clear message', () => {
    assert.throws(() => loadSuite(brokenSuite({ 'features/x.feature': 'Feature: x' })), (e: unknown) => e instanceof SuiteError && /rules\.json does not exist/.test(e.message));
    assert.throws(() => loadSuite(brokenSuite({ 'features/rules.json': '{"rules": [{"id": "A", "level": "must"}]}' })), /rules\[0\] has a malformed id "A"/);
    assert.throws(() => loadSuite(brokenSuite({ 'features/rules.json': '{"rules": [{"id": "a.b", "level": "should"}]}' })), /has the level "should"; expected must, implied or reference/);
    assert.throws(() => loadSuite(brokenSuite({ 'features/rules.json': '{"rules": [{"id": "a.b", "level": "must"}, {"id": "a.b", "level": "must"}]}' })), /repeats the id "a\.b"/);
  });

  it('rejects an unparsable feature, naming the file and line', () => {
    assert.throws(() => loadSuite(brokenSuite({ 'features/rules.json': RULES, 'features/x.feature': 'Feature: x\n  Scenario: y\n    Given a\n  nonsense here\n' })), /cannot parse features\/x\.feature:4/);
  });

  it('warns about unknown rules and renames repeated ids', () => {
    const suite2 = loadSuite(brokenSuite({
      'features/rules.json': RULES,
      'features/x.feature': 'Feature: x\n  @id:dup @rule:a.b\n  Scenario: one\n    Given a\n  @id:dup @rule:nope.x\n  Scenario: two\n    Given a\n',
    }));
    assert.deepEqual(suite2.scenarios.map((s) => s.id), ['dup@3', 'dup@6']);
    assert.match(suite2.warnings.join('\n'), /names the rule "nope\.x"/);
    assert.match(suite2.warnings.join('\n'), /the scenario id "dup" is used more than once/);
  });
});

describe('selecting scenarios', () => {
  const suite = loadSuite(FIXTURE);

  it('runs everything without filters (no tag expression for cucumber)', () => {
    const s = select(suite, {});
    assert.equal(s.scenarios.length, 7);
    assert.equal(s.rules.length, 6);
    assert.equal(s.tagExpression, undefined);
  });

  it('--rule selects scenarios tagged with a matching rule, by id or prefix', () => {
    assert.ok(ruleMatches('params.constraint-regex', 'params'));
    assert.ok(ruleMatches('params.constraint-regex', 'params.constraint-regex'));
    assert.ok(!ruleMatches('params.constraint-regex', 'params.constraint'));
    assert.ok(!ruleMatches('paramsx.y', 'params'));
    const s = select(suite, { rules: ['basic.pass'] });
    assert.deepEqual(s.scenarios.map((x) => x.id), ['basic-pass', 'basic-reference', 'basic-property']);
    assert.deepEqual(s.rules.map((r) => r.id), ['basic.pass']);
    assert.equal(s.tagExpression, '@id:basic-pass or @id:basic-reference or @id:basic-property');
    assert.equal(select(suite, { rules: ['basic'] }).scenarios.length, 7);
  });

  it('--level selects scenarios of that level and rules of that level', () => {
    const s = select(suite, { levels: ['implied'] });
    assert.deepEqual(s.scenarios.map((x) => x.id), ['basic-error', 'basic-timeout']);
    assert.deepEqual(s.rules.map((r) => r.id), ['basic.error', 'basic.timeout']);
    const ref = select(suite, { levels: ['reference'] });
    assert.deepEqual(ref.scenarios.map((x) => x.id), ['basic-reference']);
    assert.deepEqual(ref.rules.map((r) => r.id), ['basic.reference-choice']);
  });

  it('--tags filters with cucumber tag expressions, combined with the others', () => {
    const s = select(suite, { tags: 'not @property', rules: ['basic.pass'] });
    assert.deepEqual(s.scenarios.map((x) => x.id), ['basic-pass', 'basic-reference']);
  });

  it('an option that selects nothing is a SelectionError', () => {
    assert.throws(() => select(suite, { rules: ['groups'] }), (e: unknown) => e instanceof SelectionError && /--rule groups matches no rule of features\/rules\.json/.test(e.message));
    assert.throws(() => select(suite, { tags: '@nothing' }), /--tags "@nothing" selects no scenario/);
    assert.throws(() => select(suite, { rules: ['basic.fail'], levels: ['implied'] }), /no selected scenario has the level implied/);
    assert.throws(() => select(suite, { tags: '(@a' }), /is not a valid tag expression/);
  });

  it('escapes tag-expression metacharacters in ids', () => {
    assert.equal(escapeTag('@id:a(b) c\\d'), '@id:a\\(b\\)\\ c\\\\d');
  });
});
