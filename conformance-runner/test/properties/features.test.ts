import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';
import { PROPERTIES } from '../../src/properties';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const DIR = path.join(ROOT, 'features', 'properties');


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

test('property scenarios name exactly the rules and the capabilities of their property', () => {
  for (const s of scenarios()) {
    const rules = s.tags.filter((t) => t.startsWith('@rule:')).map((t) => t.slice(6));
    const name = /^the property "([^"]+)" is checked$/.exec(s.steps[0] ?? '')?.[1];
    assert.ok(name && PROPERTIES.has(name), `${s.file}: first step names a property`);
    // The property gives one outcome per rule of its definition: the scenario names the same rules.
    assert.deepEqual([...rules].sort(), [...PROPERTIES.get(name)!.rules].sort(), `${s.file}: rules`);
    assert.equal(s.steps[1], 'it holds');
    const caps = s.tags.filter((t) => t.startsWith('@capability:')).map((t) => t.slice(12)).sort();
    assert.deepEqual(caps, [...PROPERTIES.get(name)!.capabilities].sort(), `${s.file}: capabilities`);
    const section = /^@id:([a-z]+)-/.exec(s.tags.find((t) => t.startsWith('@id:'))!)![1];
    assert.ok(rules.some((r) => r.startsWith(`${section}.`)), `${s.file}: the @id section matches one of its rules`);
  }
});

test('the rules of every property exist in features/rules.json and count (must or implied)', () => {
  const catalog = JSON.parse(fs.readFileSync(path.join(ROOT, 'features', 'rules.json'), 'utf8')) as { rules: Array<{ id: string; level: string }> };
  const levels = new Map(catalog.rules.map((r) => [r.id, r.level]));
  for (const def of PROPERTIES.values()) {
    for (const r of def.rules) assert.ok(levels.has(r) && levels.get(r) !== 'reference', `${def.name}: ${r} missing from the catalog, or reference level`);
  }
});
