import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PROPERTIES } from '../../src/properties';
import { caseId, canonicalJson } from '../../src/properties/corpus/caseId';
import { CORPUS_DIR, readCorpus, replayCases, shippedCorpus } from '../../src/properties/corpus/corpus';
import { mergeIntoCorpus } from '../../../scripts/corpus';

test('every shipped corpus case belongs to a property, is named by its input, and still plans', () => {
  const files = fs.readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.json'));
  assert.ok(files.length > 0, 'the suite ships a corpus');
  for (const file of files) {
    const property = file.replace(/\.json$/, '');
    assert.ok(PROPERTIES.has(property), `${file} names a property`);
    const corpus = shippedCorpus(property);
    const ids = new Set<string>();
    for (const c of corpus.cases) {
      assert.equal(c.id, caseId(c.input));
      assert.ok(!ids.has(c.id), `${c.id} is listed once`);
      ids.add(c.id);
      assert.ok(c.found.length > 0 && c.signature !== '', `${c.id} says what it showed and where`);
      const plan = PROPERTIES.get(property)!.plan(c.input);
      assert.ok(plan.checks.length > 0, `${c.id} plans checks`);
    }
  }
});

test('a case id ignores the order of members and changes with any value', () => {
  assert.equal(caseId({ a: 1, b: [1, { c: 2, d: 3 }] }), caseId({ b: [1, { d: 3, c: 2 }], a: 1 }));
  assert.notEqual(caseId({ a: 1 }), caseId({ a: 2 }));
  assert.match(caseId({}), /^c[0-9a-f]{12}$/);
  assert.equal(canonicalJson({ b: 1, a: undefined, c: null }), '{"b":1,"c":null}');
});

test('the replay list has the corpus first, then the stored cases, each once', () => {
  const corpus = shippedCorpus('regex-constraints').cases;
  const stored = [{ input: { routes: ['mine'] } }, ...(corpus[0] ? [{ input: corpus[0].input }] : []), { input: { routes: ['mine'] } }];
  const cases = replayCases('regex-constraints', stored);
  assert.deepEqual(cases.map((c) => c.source), [...corpus.map(() => 'corpus'), 'expectations']);
  assert.equal(cases.at(-1)!.id, caseId({ routes: ['mine'] }));
});

test('a harvest appends new cases, one per signature and source, and keeps the order of the ones before', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-corpus-test-'));
  try {
    const first = mergeIntoCorpus([
      { property: 'route-tables', signature: 'server-error', input: { n: 1 }, label: 'Acme 1 (seed 5)' },
      { property: 'route-tables', signature: 'server-error', input: { n: 2 }, label: 'Acme 1 (seed 6)' },
      { property: 'route-tables', signature: 'server-error', input: { n: 3 }, label: 'Other 2 (seed 6)' },
    ], false, dir);
    assert.deepEqual(first.map((a) => a.entry.input), [{ n: 1 }, { n: 3 }]);
    mergeIntoCorpus([{ property: 'route-tables', signature: 'dispatch.regex-match:matched', input: { n: 4 }, label: 'Acme 1 (seed 7)' }], false, dir);
    const read = readCorpus(path.join(dir, 'route-tables.json'), 'route-tables');
    assert.deepEqual(read.cases.map((c) => c.input), [{ n: 1 }, { n: 3 }, { n: 4 }]);
    // A hand-edited input no longer matches its id: refused loudly.
    fs.writeFileSync(path.join(dir, 'route-tables.json'), JSON.stringify({ ...read, cases: [{ ...read.cases[0]!, input: { n: 9 } }] }));
    assert.throws(() => readCorpus(path.join(dir, 'route-tables.json'), 'route-tables'), /is not the id of its input/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
