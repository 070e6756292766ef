import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderMatrixHtml } from '../../src/matrix/html';
import { renderMatrixMarkdown } from '../../src/matrix/markdown';
import { buildMatrix, MatrixInputError, type Matrix } from '../../src/matrix/model';
import { ABSENT } from '../../src/matrix/statusWords';
import type { ConformanceReport } from '../../src/reports/model';
import { declare, dropRule, implementation, loaded, setRule, sliceReport, XSS } from './build';

/**
 * Three implementations: the real Laravel slice (failed, blocked, unsupported); a "Lumen" with
 * errored, timed-out and skipped rules and a narrower profile; and one with a hostile name, from
 * another suite version that has no errors.allow-format.
 */
function three(): { reports: ConformanceReport[]; matrix: Matrix } {
  const laravel = sliceReport();
  const lumen = implementation(sliceReport(), 'Lumen', '8.3.4');
  declare(lumen, lumen.profile.declared.filter((c) => !['route-middleware', 'named-routes', 'models', 'factory-api', 'factory-redirects'].includes(c)));
  setRule(lumen, 'url.path', 'errored', { message: 'AdapterError: POST /__fw/url answered 500' });
  setRule(lumen, 'named.name', 'unsupported', { message: 'the target does not declare the capabilities "named-routes"' });
  setRule(lumen, 'errors.allow-exact', 'timed-out', { message: 'GET /x took longer than 10000 ms' });
  setRule(lumen, 'middleware.list-order', 'skipped', { message: 'not run: undefined step' });
  const hostile = implementation(sliceReport(), XSS, '1.0 | beta', `Go "quoted" & <b>`);
  hostile.suite.version = '0.2.0';
  dropRule(hostile, 'errors.allow-format');
  for (const rule of ['url.path', 'named.name', 'errors.allow-exact']) setRule(hostile, rule, 'passed');
  hostile.rules.find((r) => r.id === 'overview.explicit-only')!.statement = `Explicit | only ${XSS}`;
  const reports = [laravel, lumen, hostile];
  const files = ['laravel.json', 'lumen.json', `evil "${XSS}".json`];
  return { reports, matrix: buildMatrix(reports.map((r, i) => loaded(files[i]!, r)), 'Fw matrix') };
}

const cell = (m: Matrix, id: string, column: number) => m.sections.flatMap((s) => s.rows).find((r) => r.id === id)!.cells[column]!;

describe('matrix model', () => {
  it('one column per report in the order given, one row per rule of any report', () => {
    const { matrix } = three();
    assert.deepEqual(matrix.columns.map((c) => c.label), ['laravel 8.83.26', 'Lumen 8.3.4', `${XSS} 1.0 | beta`]);
    assert.equal(matrix.ruleCount, 10);
  });

  it('cells carry each report\'s status, the blocking rule and the first failure', () => {
    const { matrix } = three();
    assert.equal(cell(matrix, 'url.path', 0).status, 'failed');
    assert.match(cell(matrix, 'url.path', 0).message!, /^url-[a-z-]+: /, 'the first failure names its scenario');
    assert.deepEqual({ ...cell(matrix, 'named.name', 0), message: undefined }, { status: 'blocked', blockedBy: ['url.path'], message: undefined });
    assert.match(cell(matrix, 'named.name', 0).message!, /^blocked by url\.path — /);
    assert.equal(cell(matrix, 'injection.model', 0).status, 'unsupported');
    assert.equal(cell(matrix, 'url.path', 1).status, 'errored');
    assert.equal(cell(matrix, 'url.path', 1).message, 'url-path-not-absolute: AdapterError: POST /__fw/url answered 500');
    assert.equal(cell(matrix, 'errors.allow-exact', 1).status, 'timed-out');
    assert.equal(cell(matrix, 'middleware.list-order', 1).status, 'skipped');
    assert.equal(cell(matrix, 'errors.not-found', 2).message, 'passed: 7 scenarios');
  });

  it('a rule a report does not have is absent there, with a note naming both suite versions', () => {
    const { matrix } = three();
    assert.equal(cell(matrix, 'errors.allow-format', 2).status, null);
    assert.equal(cell(matrix, 'errors.allow-format', 0).status, 'failed');
    assert.ok(matrix.notes.some((n) => n.startsWith('These reports come from different suite versions: 0.1.0 (laravel.json, lumen.json); 0.2.0 (evil')), matrix.notes.join('\n'));
    assert.ok(matrix.notes.some((n) => n.includes('has results for 9 of the 10 rules: its suite 0.2.0 has other rules')), matrix.notes.join('\n'));
  });

  it('rules stay in the catalog order, grouped by section', () => {
    const { matrix, reports } = three();
    const sections = [...new Set(reports[0]!.rules.map((r) => r.section))];
    assert.deepEqual(matrix.sections.map((s) => s.name), sections);
    assert.deepEqual(matrix.sections.flatMap((s) => s.rows.map((r) => r.id)), reports[0]!.rules.map((r) => r.id).sort((a, b) =>
      sections.indexOf(reports[0]!.rules.find((r) => r.id === a)!.section) - sections.indexOf(reports[0]!.rules.find((r) => r.id === b)!.section)));
  });

  it('a narrowed run is said to be narrowed', () => {
    const narrow = dropRule(implementation(sliceReport(), 'narrow', '1'), 'url.path');
    narrow.options.rules = ['errors'];
    const matrix = buildMatrix([loaded('a.json', sliceReport()), loaded('b.json', narrow)]);
    assert.deepEqual(matrix.notes, ['narrow 1 (b.json) has results for 9 of the 10 rules: its run was narrowed (--rule errors).']);
  });

  it('a rule whose level differs between reports is flagged', () => {
    const other = implementation(sliceReport(), 'other', '1');
    other.suite.version = '0.0.9';
    other.rules.find((r) => r.id === 'errors.allow-format')!.level = 'implied';
    const matrix = buildMatrix([loaded('a.json', sliceReport()), loaded('b.json', other)]);
    const row = matrix.sections.flatMap((s) => s.rows).find((r) => r.id === 'errors.allow-format')!;
    assert.equal(row.level, 'reference', 'the newest suite decides');
    assert.deepEqual(row.otherLevels, [{ file: 'b.json', level: 'implied' }]);
    assert.ok(matrix.notes.some((n) => n.startsWith('1 rule has another level in some reports (errors.allow-format)')));
  });
});

describe('matrix input errors', () => {
  it('no report', () => {
    assert.throws(() => buildMatrix([]), (err: Error) => err instanceof MatrixInputError && /^no report given/.test(err.message));
  });

  it('two reports of the same implementation and version name both files', () => {
    assert.throws(() => buildMatrix([loaded('main/conformance.json', sliceReport()), loaded('pr/conformance.json', sliceReport())]),
      { message: 'main/conformance.json and pr/conformance.json are both reports of laravel 8.83.26: a matrix has one column per implementation and version (give one of them)' });
    assert.throws(() => buildMatrix([loaded('a.json', sliceReport()), loaded('a.json', sliceReport())]), { message: 'a.json is given twice' });
  });

  it('two versions of one implementation are two columns', () => {
    const matrix = buildMatrix([loaded('a.json', sliceReport()), loaded('b.json', implementation(sliceReport(), 'laravel', '9.0.0'))]);
    assert.equal(matrix.columns.length, 2);
  });

  it('reports without an implementation (the target never answered) are kept apart', () => {
    const a = sliceReport();
    a.implementation = null;
    const b = sliceReport();
    b.implementation = null;
    assert.deepEqual(buildMatrix([loaded('a.json', a), loaded('b.json', b)]).columns.map((c) => c.label), ['unknown implementation', 'unknown implementation']);
  });
});

describe('matrix.html', () => {
  const html = renderMatrixHtml(three().matrix);

  it('is one self-contained page: no script, no external asset', () => {
    assert.match(html, /^<!DOCTYPE html>/);
    assert.doesNotMatch(html, /<script/i);
    assert.doesNotMatch(html, /<link|\ssrc=|url\(|href="http/i);
  });

  it('escapes every value from the reports (names, files, statements, messages)', () => {
    assert.ok(html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'));
    assert.ok(html.includes('Go &quot;quoted&quot; &amp; &lt;b&gt;'));
    assert.ok(html.includes('Explicit | only &lt;script&gt;'));
    // Attribute values cannot be closed by a report's quotes.
    for (const [, value] of html.matchAll(/title="([^"]*)"/g)) assert.doesNotMatch(value!, /[<>]/);
  });

  it('the header row stays in view and names each implementation with its profile and verdict', () => {
    assert.match(html, /thead th\{position:sticky;top:0/);
    assert.match(html, /<th class="impl" title="laravel 8\.83\.26 \(laravel\.json\) — not declared: models, factory-redirects, factory-api"><div class="iname">laravel 8\.83\.26<\/div><div class="isub">PHP · partial profile<\/div><div class="ipct"><span class="verdict fails">fails<\/span> 37\.5%<\/div><\/th>/);
  });

  it('a card per implementation: verdict, share, counts by status, reference apart, profile, run', () => {
    const card = html.slice(html.indexOf('<div class="card fails">'), html.indexOf('<div class="card', html.indexOf('<div class="card fails">') + 1));
    for (const text of ['<strong>37.5%</strong>', '(3/8)', '3 passed', '2 failed', '1 blocked', '2 unsupported', '0/2 passed <span class="muted">(informative, never counted)</span>',
      '<strong>partial</strong> — not declared: <code>models</code>, <code>factory-redirects</code>, <code>factory-api</code>', 'complete; 2026-', 'suite 0.1.0']) {
      assert.ok(card.includes(text), `${text}\nin\n${card}`);
    }
  });

  it('colour-coded cells with the first failure as tooltip, the blocking rule named', () => {
    assert.match(html, /<td class="st st-failed" title="url-[a-z-]+: [^"]+">failed<\/td>/);
    assert.match(html, /<td class="st st-blocked" title="blocked by url\.path — [^"]+">blocked<small>by <code>url\.path<\/code><\/small><\/td>/);
    assert.ok(html.includes('<td class="st st-errored" title="url-path-not-absolute: AdapterError: POST /__fw/url answered 500">errored</td>'));
    assert.ok(html.includes('<td class="st st-timed-out"'));
    assert.match(html, /<td class="st st-skipped" title="middleware-[a-z-]+: not run: undefined step">skipped<\/td>/);
    assert.ok(html.includes(`<td class="st st-absent" title="not in this report">${ABSENT}</td>`));
  });

  it('reference rules come after a band, set apart, and are not in the section\'s counts', () => {
    const start = html.indexOf('>Errors<span');
    const errors = html.slice(start, html.indexOf('</tbody>', start));
    const band = errors.indexOf('<tr class="ref-sep">');
    assert.ok(band > errors.indexOf('id="rule-errors.allow-exact"') && band < errors.indexOf('id="rule-errors.allow-format"'), errors);
    assert.match(errors, /<tr id="rule-errors\.allow-format" class="ref">/);
    assert.match(errors, /2 counted \+ 1 reference<\/span><\/th><th class="count"[^>]*>1\/2<\/th><th class="count"[^>]*>1\/2<\/th><th class="count"[^>]*>2\/2<\/th>/);
  });

  it('has a legend with every status and a section index', () => {
    for (const s of ['passed', 'failed', 'blocked', 'errored', 'timed-out', 'unsupported', 'skipped']) assert.ok(html.includes(`<span class="key st-${s}">${s}</span>`), s);
    assert.match(html, /<nav class="toc">Sections: <a href="#sec-0">What the service does<\/a>/);
  });

  it('shows the notes', () => {
    assert.match(html, /<div class="note">These reports come from different suite versions/);
  });
});

describe('matrix.md', () => {
  const md = renderMatrixMarkdown(three().matrix);

  it('starts with the summary, one column per implementation', () => {
    const lines = md.split('\n');
    assert.equal(lines[0], '# Fw matrix');
    const summary = lines.indexOf('## Summary');
    assert.ok(summary > 0 && summary < lines.findIndex((l) => l.startsWith('## What the service does')));
    assert.equal(lines[summary + 2], '| | laravel 8.83.26 | Lumen 8.3.4 | &lt;script&gt;alert("x")&lt;/script&gt; 1.0 \\| beta |');
    assert.ok(md.includes('| verdict | ❌ **fails** | ❌ **fails** | 🟡 **partial** |'), md);
    assert.ok(md.includes('| must + implied passed | **3/8** (37.5%) |'));
    assert.ok(md.includes('| profile | partial — not declared: `models`, `factory-redirects`, `factory-api` | partial — not declared: `route-middleware`, `named-routes`'));
  });

  it('has no raw HTML from the reports (code spans show their text literally)', () => {
    assert.doesNotMatch(md.replace(/`[^`\n]*`/g, ''), /<script|<b>/);
    assert.ok(md.includes('`evil "<script>alert("x")</script>".json`'));
  });

  it('status as icon and word; blocked names its blocker; "—" where a report has no result', () => {
    assert.match(md, /\| `named\.name` \| must \| ⛔ blocked by `url\.path` \| ➖ unsupported \| ✅ passed \| /);
    assert.match(md, /\| `url\.path` \| must \| ❌ failed \| 💥 errored \| ✅ passed \| /);
    assert.match(md, /\| `errors\.allow-exact` \| implied \| ❌ failed \| ⏱️ timed-out \| ✅ passed \| /);
    assert.match(md, /\| `middleware\.list-order` \| implied \| ✅ passed \| ⏭️ skipped \| ✅ passed \| /);
    assert.match(md, /\| `errors\.allow-format` \| ❌ failed \| ❌ failed \| — \| /);
  });

  it('reference rules in a table of their own, after the counted ones of their section', () => {
    const errors = md.slice(md.indexOf('## Errors'));
    assert.ok(errors.indexOf('<sub>Reference level (informative, never counted):</sub>') > errors.indexOf('`errors.allow-exact`'));
    assert.ok(errors.indexOf('`errors.allow-format`') > errors.indexOf('<sub>Reference level'));
    assert.match(errors, /Must \+ implied rules passed: laravel 8\.83\.26 1\/2 · Lumen 8\.3\.4 1\/2 · .* 2\/2/);
  });

  it('every table row has its header\'s number of cells, pipes in values included', () => {
    const cells = (line: string) => line.replace(/\\\|/g, '').split('|').length;
    let header = 0;
    for (const line of md.split('\n')) {
      if (!line.startsWith('|')) {
        header = 0;
        continue;
      }
      if (header === 0) header = cells(line);
      else assert.equal(cells(line), header, line);
    }
  });

  it('stays readable with ~190 rules and 3 implementations: short rows, one per rule', () => {
    const big = (name: string) => {
      const r = implementation(sliceReport(), name, '1');
      r.rules = Array.from({ length: 19 }, (_, i) => r.rules.map((rule) => ({ ...rule, id: `${rule.id}${i}`, section: `${rule.section} ${i % 7}` }))).flat();
      return r;
    };
    const text = renderMatrixMarkdown(buildMatrix([loaded('a.json', big('a')), loaded('b.json', big('b')), loaded('c.json', big('c'))]));
    const rows = text.split('\n').filter((l) => /^\| `/.test(l));
    assert.equal(rows.length, 190);
    for (const row of rows) assert.ok(row.length < 260, `${row.length}: ${row}`);
  });
});
