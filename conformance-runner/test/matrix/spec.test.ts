import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { buildMatrix } from '../../src/matrix/model';
import { renderSpecHtml, type CatalogRule } from '../../src/matrix/specHtml';
import { placeRules, specParser, statementsOf } from '../../src/matrix/specStatements';
import type { ConformanceReport } from '../../src/reports/model';
import { EXCHANGES } from '../reports/sample';
import { implementation, loaded, setRule, sliceReport, XSS } from './build';

/*
 * spec.html, the annotated spec: the spec's own text, every rule of the catalog once at the
 * statement it tests, and per rule a chip per implementation whose status is the report's and
 * whose link leads to a reproduction on the page.
 */

const REPO = path.resolve(__dirname, '..', '..', '..');
const SPEC = fs.readFileSync(path.join(REPO, 'spec', 'routing-and-controllers.md'), 'utf8');
const CATALOG = (JSON.parse(fs.readFileSync(path.join(REPO, 'features', 'rules.json'), 'utf8')) as { rules: CatalogRule[] }).rules;

interface PageRule { id: string; chips: Array<{ column: number; status: string; href: string | null }> }

/** The rules on a page, each with its chips, read from the markup specHtml.ts writes. */
function rulesOn(html: string): PageRule[] {
  return [...html.matchAll(/<div class="rule" id="rule-([^"]+)" data-rule="[^"]+">(.*?)<\/div>/g)].map((m) => ({
    id: m[1]!,
    chips: [...m[2]!.matchAll(/<(a|span) class="chip [^"]*" data-column="(\d+)" data-status="([^"]+)"[^>]*?(?: href="#([^"]+)")?>/g)]
      .map((c) => ({ column: Number(c[2]), status: c[3]!, href: c[4] ?? null })),
  }));
}

function page(reports: ConformanceReport[]): string {
  const files = reports.map((r, i) => loaded(`r${i}.json`, r));
  const matrix = buildMatrix(files, 'Test matrix');
  return renderSpecHtml({ title: matrix.title, spec: { name: 'routing-and-controllers.md', text: SPEC }, matrix, reports: files, catalog: CATALOG, matrixHref: 'matrix.html' });
}

describe('spec.html: the annotated spec', () => {
  it('places every rule of the catalog at a statement of its own section of the spec', () => {
    const statements = statementsOf(specParser().parse(SPEC, {}));
    const placed = placeRules(statements, CATALOG);
    assert.deepEqual(CATALOG.filter((r) => !placed.has(r.id)).map((r) => r.id), []);
    for (const rule of CATALOG) {
      const at = statements[placed.get(rule.id)!]!;
      assert.equal(at.section.replace(/`/g, '').replace(/ \(.*\)$/, ''), rule.section.replace(/ \(.*\)$/, ''), rule.id);
    }
    // A few placements a reader would make too.
    const textOf = (id: string) => statements[placed.get(id)!]!.text;
    assert.match(textOf('registration.get'), /^`get` GET/);
    assert.match(textOf('dispatch.method-filter'), /^Method filtering/);
    assert.match(textOf('errors.method-not-allowed'), /405|other HTTP methods/);
  });

  it('shows every rule once, each chip with the status conformance.json gives it, failures linked to their reproduction', () => {
    const laravel = setRule(sliceReport(), 'named.name', 'failed', { message: `expected /users/7, got ${XSS}` });
    laravel.scenarios.find((s) => s.id === 'named-static-route')!.exchanges = EXCHANGES;
    const lumen = implementation(sliceReport(), 'Lumen', '8.3.4');
    const html = page([laravel, lumen]);
    const rules = rulesOn(html);
    const counts = new Map<string, number>();
    for (const r of rules) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
    assert.deepEqual(CATALOG.map((r) => r.id).filter((id) => counts.get(id) !== 1), [], 'every rule of the catalog exactly once');
    assert.equal(rules.length, CATALOG.length, 'and nothing else');
    const reports = [laravel, lumen];
    let linked = 0;
    for (const rule of rules) {
      assert.equal(rule.chips.length, 2, rule.id);
      for (const chip of rule.chips) {
        const status = reports[chip.column]!.rules.find((r) => r.id === rule.id)?.status ?? 'absent';
        assert.equal(chip.status, status, `${rule.id} in column ${chip.column}`);
        if (chip.href !== null) {
          linked += 1;
          assert.ok(html.includes(`<details id="${chip.href}">`), `${chip.href} is on the page`);
        } else {
          assert.ok(['passed', 'absent', 'unsupported', 'skipped', 'partly-tested'].includes(chip.status), `${rule.id}: a ${chip.status} chip links to its reproduction`);
        }
      }
    }
    assert.ok(linked >= 2, 'the failing rules link to reproductions');
    const named = rules.find((r) => r.id === 'named.name')!;
    assert.equal(named.chips[0]!.status, 'failed');
    const repro = html.slice(html.indexOf(`<details id="${named.chips[0]!.href}">`));
    assert.match(repro.slice(0, repro.indexOf('</details>')), /curl /, 'the reproduction is a curl script');
    assert.ok(!html.includes(XSS), 'what a target wrote is escaped');
  });

  it('keeps the spec\'s own text: its headings, its statements and its tables', () => {
    const html = page([sliceReport()]);
    assert.match(html, /<h2>Endpoints<\/h2>/);
    assert.match(html, /<h3>Dispatch \(<code>dispatch\(\)<\/code>\)<\/h3>/);
    assert.ok(html.includes('Routing is explicit only. Every route is registered by hand.'));
    assert.match(html, /<th>rules<\/th><\/tr>/, 'a table whose rows carry rules gets a column for them');
  });

  it('the committed docs/matrix/spec.html shows every rule of the catalog once', () => {
    const committed = fs.readFileSync(path.join(REPO, 'docs', 'matrix', 'spec.html'), 'utf8');
    const ids = rulesOn(committed).map((r) => r.id).sort();
    assert.deepEqual(ids, CATALOG.map((r) => r.id).sort());
    assert.ok(rulesOn(committed).every((r) => r.chips.length >= 4), 'a chip for the reference, AdonisJS, Laravel and Lumen');
  });
});
