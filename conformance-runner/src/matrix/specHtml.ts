import escapeHtml from 'escape-html';
import { isBad, type Status } from '../model/status';
import type { Level } from '../model/levels';
import { reproScript } from '../reports/curl';
import type { LoadedReport } from '../reports/read';
import type { Matrix, MatrixRow } from './model';
import { STATUS_MEANING } from './statusWords';
import { placeRules, specParser, statementsOf, type RuleText, type SpecToken } from './specStatements';
import { shorten } from './text';

/** A rule of the catalog that no report has (the page still shows it, with no chip). */
export interface CatalogRule extends RuleText {
  level: Level;
}

export interface SpecPageInput {
  title: string;
  /** The spec's Markdown and its file name (as reports name it: `suite.spec`). */
  spec: { name: string; text: string };
  matrix: Matrix;
  reports: LoadedReport[];
  /** The suite's whole catalog, for rules no report selected. */
  catalog: CatalogRule[];
  /** Where matrix.html is, relative to the page: each rule id links to its row there. */
  matrixHref: string;
}

const CSS = `
body{font:15px/1.55 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;background:#f6f7f9;color:#1f2328}
main{max-width:1100px;margin:0 auto;padding:24px;overflow-wrap:break-word}.ann{overflow-wrap:anywhere}
h1{font-size:24px}h2{border-bottom:1px solid #d8dde3;padding-bottom:4px;margin-top:32px}h3{margin-top:24px}
table{border-collapse:collapse;background:#fff;margin:8px 0;width:100%}td,th{border:1px solid #d8dde3;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#eef1f4}code{font:12.5px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#eef1f4;padding:0 3px;border-radius:3px}
pre{background:#fff;border:1px solid #d8dde3;padding:8px;white-space:pre-wrap;word-break:break-all;max-height:360px;overflow:auto;font-size:12px}
.ann{margin:4px 0 12px;padding:6px 8px;background:#fff;border-left:3px solid #8c959f;font-size:13px}
td .ann,li .ann{margin:6px 0 2px}
.rule{margin:3px 0}.rule>code:first-child{font-weight:600}
.lv{display:inline-block;font-size:11px;padding:0 5px;border-radius:8px;border:1px solid #8c959f;color:#57606a;margin:0 4px}
.lv-must{border-color:#0969da;color:#0969da}.lv-implied{border-color:#8250df;color:#8250df}
.stmt{color:#57606a}
.chip{display:inline-block;font-size:12px;padding:0 6px;margin:1px 2px;border-radius:10px;border:1px solid;text-decoration:none;white-space:nowrap}
.s-passed{background:#dafbe1;border-color:#1a7f37;color:#1a7f37}.s-failed,.s-errored,.s-timed-out{background:#ffebe9;border-color:#cf222e;color:#a40e26}
.s-blocked{background:#fff1e5;border-color:#bc4c00;color:#953800}.s-partly-tested{background:#fff8c5;border-color:#9a6700;color:#7d4e00}
.s-unsupported,.s-skipped,.s-absent{background:#f6f8fa;border-color:#8c959f;color:#57606a}
a.chip:hover{text-decoration:underline}
.legend td{font-size:13px}.muted{color:#57606a}
details{background:#fff;border:1px solid #d8dde3;border-radius:4px;margin:8px 0;padding:6px 10px}summary{cursor:pointer}
`;

/** A mark per status that every font has (the Markdown icons are emoji, boxes without an emoji font). */
const MARK: Record<Status, string> = {
  passed: '✓', failed: '✗', blocked: '⊘', errored: '!', 'timed-out': '…', 'partly-tested': '◐', unsupported: '–', skipped: '·',
};

interface Chip {
  column: number;
  status: Status | null;
  message: string | null;
  /** The repro anchor of the failing scenario, for a rule that did not pass. */
  repro?: string;
}

/**
 * docs/matrix/spec.html: the spec's own text where every statement carries the rules it makes
 * (id, level, statement), and for each rule a chip per implementation with its status, linking
 * to the reproduction of the scenario that failed it (at the end of the page: its message and a
 * curl script, as conformance.html gives it). A rule appears once, at the statement it is about
 * (specStatements.ts); rules of a section the spec lacks are listed at the end. Self-contained.
 */
export function renderSpecHtml(input: SpecPageInput): string {
  const e = escapeHtml;
  const md = specParser();
  const tokens = md.parse(input.spec.text, {});
  const statements = statementsOf(tokens);
  const rows = new Map<string, MatrixRow>(input.matrix.sections.flatMap((s) => s.rows).map((r) => [r.id, r]));
  const rules: CatalogRule[] = [...rows.values()].map((r) => ({ id: r.id, section: r.section, statement: r.statement, level: r.level }));
  for (const rule of input.catalog) if (!rows.has(rule.id)) rules.push(rule);
  const placed = placeRules(statements, rules);
  const repros = new Map<string, string>();
  const chipsOf = (id: string): Chip[] => input.matrix.columns.map((_, c) => chipOf(input, rows.get(id), c, repros));

  // The rules each statement carries, in catalog order.
  const byStatement = new Map<number, CatalogRule[]>();
  for (const rule of rules) {
    const at = placed.get(rule.id);
    if (at !== undefined) byStatement.set(at, [...(byStatement.get(at) ?? []), rule]);
  }
  const annotation = (list: CatalogRule[]) => list.map((rule) => {
    const chips = chipsOf(rule.id).map((chip) => chipHtml(chip, input.matrix.columns[chip.column]!.label)).join('');
    return `<div class="rule" id="rule-${e(rule.id)}" data-rule="${e(rule.id)}"><a href="${e(input.matrixHref)}#rule-${e(rule.id)}"><code>${e(rule.id)}</code></a>` +
      `<span class="lv lv-${e(rule.level)}">${e(rule.level)}</span><span class="stmt">${e(rule.statement)}</span> ${chips}</div>`;
  }).join('');

  // Annotations go in as HTML tokens: after a paragraph or heading, inside a list item, and as a
  // last cell of each row of a table that has any.
  const inserts = new Map<number, string[]>();
  const add = (at: number, html: string) => inserts.set(at, [...(inserts.get(at) ?? []), html]);
  const tablesWithRules = new Set<number>();
  statements.forEach((s, i) => { if (s.kind === 'row' && byStatement.has(i)) tablesWithRules.add(tableOf(tokens, s.open)); });
  statements.forEach((s, i) => {
    const list = byStatement.get(i);
    if (s.kind === 'row') {
      if (!tablesWithRules.has(tableOf(tokens, s.open))) return;
      add(s.close, s.header ? '<th>rules</th>' : `<td>${list ? `<div class="ann">${annotation(list)}</div>` : ''}</td>`);
    } else if (list) {
      add(s.kind === 'item' ? s.close : s.close + 1, `<div class="ann">${annotation(list)}</div>`);
    }
  });
  const withAnnotations: SpecToken[] = [];
  tokens.forEach((t, i) => {
    for (const html of inserts.get(i) ?? []) withAnnotations.push(htmlToken(tokens, html));
    withAnnotations.push(t);
  });
  for (const html of inserts.get(tokens.length) ?? []) withAnnotations.push(htmlToken(tokens, html));
  const body = md.renderer.render(withAnnotations, md.options, {});

  const unplaced = rules.filter((r) => !placed.has(r.id));
  const columns = input.matrix.columns;
  const parts: string[] = [];
  parts.push('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${e(input.title)}: the annotated spec</title><style>${CSS}</style></head><body><main>`);
  parts.push(`<p class="muted">${e(input.title)} — the annotated spec: <code>${e(input.spec.name)}</code> as written, each statement with the rules of the suite that test it `,
    `(${rules.length} rules: id, level, the rule's own statement) and a chip per implementation; a chip that did not pass links to the reproduction of its failure at the end of the page. `,
    `Rule ids link to <a href="${e(input.matrixHref)}">the matrix</a>.</p>`);
  parts.push('<table class="legend"><tr><th>implementation</th><th>verdict</th><th>must + implied passed</th></tr>',
    ...columns.map((c) => `<tr><td>${e(c.label)}${c.language ? ` <span class="muted">(${e(c.language)})</span>` : ''}</td><td>${e(c.verdict)}</td><td>${c.conformance.passed}/${c.conformance.total} (${c.conformance.percent}%)</td></tr>`),
    '</table>');
  parts.push(`<p class="muted">Chips: ${(['passed', 'failed', 'blocked', 'errored', 'timed-out', 'partly-tested', 'unsupported', 'skipped'] as Status[])
    .map((s) => `<span class="chip s-${s}" title="${e(STATUS_MEANING[s])}">${MARK[s]} ${s}</span>`).join(' ')} <span class="chip s-absent">— not in the report</span></p>`);
  parts.push(body);
  if (unplaced.length > 0) {
    parts.push(`<h2 id="unplaced">Rules of sections the spec does not have (${unplaced.length})</h2><div class="ann">${annotation(unplaced)}</div>`);
  }
  parts.push(`<h2 id="reproductions">Reproductions (${repros.size})</h2><p class="muted">The first failure of each rule that did not pass, per implementation: what failed, and a script that replays its requests against an adapter you start.</p>`,
    ...repros.values());
  parts.push('</main></body></html>\n');
  return parts.join('');
}

function chipOf(input: SpecPageInput, row: MatrixRow | undefined, column: number, repros: Map<string, string>): Chip {
  const cell = row?.cells[column];
  if (row === undefined || cell === undefined || cell.status === null) return { column, status: null, message: null };
  const chip: Chip = { column, status: cell.status, message: cell.message };
  // A failure has something to reproduce; a rule passed, not run or left out by the profile has not.
  if (!isBad(cell.status) && cell.status !== 'blocked') return chip;
  const report = input.reports[column]!.report;
  const rule = report.rules.find((r) => r.id === row.id);
  const outcome = rule?.outcomes.find((o) => o.status === cell.status) ?? rule?.outcomes.find((o) => isBad(o.status) || o.status === 'blocked');
  const scenario = outcome ? report.scenarios.find((s) => s.id === outcome.scenario) : undefined;
  if (scenario === undefined || (scenario.exchanges ?? []).length === 0 && scenario.message === null) return chip;
  const anchor = `repro-${column}-${scenario.id}`;
  chip.repro = anchor;
  if (!repros.has(anchor)) {
    const e = escapeHtml;
    const target = { url: report.target.url ?? 'http://127.0.0.1:8080', start: report.target.start };
    repros.set(anchor, `<details id="${e(anchor)}"><summary>${e(input.matrix.columns[column]!.label)} — <code>${e(scenario.id)}</code> (${e(scenario.status)}; ` +
      `${scenario.rules.map((r) => `<a href="#rule-${e(r)}"><code>${e(r)}</code></a>`).join(' ')})</summary>` +
      (scenario.message ? `<pre>${e(shorten(scenario.message, 1500))}</pre>` : '') +
      ((scenario.exchanges ?? []).length > 0 ? `<pre>${e(reproScript(scenario.exchanges!, target))}</pre>` : '') + '</details>');
  }
  return chip;
}

function chipHtml(chip: Chip, label: string): string {
  const e = escapeHtml;
  const status = chip.status ?? 'absent';
  const icon = chip.status === null ? '—' : MARK[chip.status];
  const title = `${label}: ${chip.status ?? 'not in its report'}${chip.message ? ` — ${chip.message}` : ''}`;
  const attrs = `class="chip s-${e(status)}" data-column="${chip.column}" data-status="${e(status)}" title="${e(title)}"`;
  return chip.repro ? `<a ${attrs} href="#${e(chip.repro)}">${icon} ${e(label)}</a>` : `<span ${attrs}>${icon} ${e(label)}</span>`;
}

/** The index of the table_open token a row belongs to. */
function tableOf(tokens: readonly SpecToken[], rowOpen: number): number {
  for (let i = rowOpen; i >= 0; i--) if (tokens[i]!.type === 'table_open') return i;
  return -1;
}

function htmlToken(tokens: readonly SpecToken[], html: string): SpecToken {
  const Token = tokens[0]!.constructor as new (type: string, tag: string, nesting: number) => SpecToken;
  const token = new Token('html_block', '', 0);
  token.content = html;
  return token;
}
