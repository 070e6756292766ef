import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';
import { PROPERTIES } from '../../src/properties';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const DIR = path.join(ROOT, 'features', 'properties');

/** The rule IDs property scenarios may name (the catalog guarantees them). */
const ALLOWED_RULES = new Set([
  'params.constraint-regex', 'params.default-constraint', 'params.anchored', 'params.literal-static', 'dispatch.extract-by-name',
  'dispatch.method-filter', 'errors.not-found', 'errors.method-not-allowed', 'errors.allow-header', 'errors.allow-exact',
  'groups.prefix', 'groups.nested-prefix', 'resources.routes', 'resources.names', 'named.name', 'url.fill-segments',
  'url.query-string', 'url.round-trip',
]);

function scenarios() {
  const out: Array<{ file: string; tags: string[]; steps: string[] }> = [];
  for (const file of fs.readdirSync(DIR).filter((f) => f.endsWith('.feature'))) {
    const parser = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher());
    const doc = parser.parse(fs.readFileSync(path.join(DIR, file), 'utf8'));
    for (const child of doc.feature!.children) {
      assert.ok(child.scenario, `${file}: only scenarios`);
      out.push({ file, tags: child.scenario.tags.map((t) => t.name), steps: child.scenario.steps.map((s) => s.text) });
    }
  }
  return out;
}

test('every property scenario is @property with one unique @id of the form <section>-property-<slug>', () => {
  const ids = new Set<string>();
  for (const s of scenarios()) {
    assert.ok(s.tags.includes('@property'), `${s.file}: @property`);
    const id = s.tags.filter((t) => t.startsWith('@id:'));
    assert.equal(id.length, 1, `${s.file}: exactly one @id`);
    assert.match(id[0]!, /^@id:[a-z]+-property-[a-z0-9-]+$/);
    assert.ok(!ids.has(id[0]!), `${id[0]} repeats`);
    ids.add(id[0]!);
  }
  assert.equal(ids.size, PROPERTIES.size, 'one scenario per property');
});

test('property scenarios name only the agreed rules, and the capabilities their property needs', () => {
  for (const s of scenarios()) {
    const rules = s.tags.filter((t) => t.startsWith('@rule:')).map((t) => t.slice(6));
    assert.ok(rules.length > 0, `${s.file}: at least one @rule`);
    for (const r of rules) assert.ok(ALLOWED_RULES.has(r), `${s.file}: @rule:${r} is not one of the agreed rules`);
    const name = /^the property "([^"]+)" is checked$/.exec(s.steps[0] ?? '')?.[1];
    assert.ok(name && PROPERTIES.has(name), `${s.file}: first step names a property`);
    assert.equal(s.steps[1], 'it holds');
    const caps = s.tags.filter((t) => t.startsWith('@capability:')).map((t) => t.slice(12)).sort();
    assert.deepEqual(caps, [...PROPERTIES.get(name)!.capabilities].sort(), `${s.file}: capabilities`);
    const section = /^@id:([a-z]+)-/.exec(s.tags.find((t) => t.startsWith('@id:'))!)![1];
    assert.ok(rules.some((r) => r.startsWith(`${section}.`)), `${s.file}: the @id section matches one of its rules`);
  }
});

test('the agreed rules exist in features/rules.json', () => {
  const catalog = JSON.parse(fs.readFileSync(path.join(ROOT, 'features', 'rules.json'), 'utf8')) as { rules: Array<{ id: string }> };
  const ids = new Set(catalog.rules.map((r) => r.id));
  for (const r of ALLOWED_RULES) assert.ok(ids.has(r), `${r} missing from the catalog`);
});
