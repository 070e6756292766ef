import { htmlText as escapeHtml } from '../reports/htmlText';
import { counts as levelCounts } from '../model/levels';
import { STATUSES, type Status } from '../model/status';
import type { MatrixCell } from './cell';
import type { MatrixColumn } from './columns';
import type { Matrix, MatrixRow, MatrixSection } from './model';
import { ABSENT, STATUS_MEANING } from './statusWords';
import { shortDate, shorten } from './text';

/** Longer statements are cut in the row (the whole text is in its tooltip): rows stay scannable. */
const MAX_STATEMENT = 200;
/** A verdict reason lists root causes; the card shows its start (all of it on hover). */
const MAX_REASON = 140;

const CSS = `
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:0;color:#1d2329;background:#f6f7f9}
main{max-width:1440px;margin:0 auto;padding:20px 24px 48px}
h1{margin:0 0 2px;font-size:24px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
.muted{color:#55606b}
.note{background:#fff3cd;border:1px solid #e0c060;padding:6px 12px;border-radius:4px;margin:8px 0}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:12px;margin:16px 0}
.card{background:#fff;border:1px solid #d8dde3;border-top:5px solid #9e9e9e;border-radius:6px;padding:10px 14px 12px;max-width:560px}
.card.conforms{border-top-color:#2e7d32}.card.partial{border-top-color:#b26a00}.card.fails{border-top-color:#c62828}
.card h2{margin:6px 0 0;font-size:18px;overflow-wrap:anywhere}.card h2 .ver{font-weight:400;color:#55606b}
.card .sub{font-size:12px;color:#55606b;overflow-wrap:anywhere}
.card .pct{margin-top:8px}.card .pct strong{font-size:26px}
.card dl{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:8px 0 0;font-size:13px}
.card dt{color:#55606b}.card dd{margin:0;overflow-wrap:anywhere}
.verdict{display:inline-block;padding:1px 9px;border-radius:4px;color:#fff;font-weight:700;font-size:12px;letter-spacing:.04em;text-transform:uppercase}
.verdict.conforms{background:#2e7d32}.verdict.partial{background:#b26a00}.verdict.fails{background:#c62828}
.incomplete{display:inline-block;padding:1px 7px;border-radius:4px;background:#fff3cd;border:1px solid #e0c060;font-size:12px;font-weight:600}
.bar{display:flex;height:10px;border-radius:5px;overflow:hidden;background:#eceff1;margin:6px 0 2px}
.bar span{display:block;height:100%}
.b-passed{background:#2e7d32}.b-failed{background:#c62828}.b-blocked{background:#8d6e63}.b-errored{background:#8e24aa}
.b-timed-out{background:#ef6c00}.b-partly-tested{background:#1565c0}.b-unsupported{background:#90a4ae}.b-skipped{background:#cfd4d8}
.tally{display:flex;flex-wrap:wrap;gap:4px;margin-top:4px}
.tally span{font-size:12px;padding:0 6px;border-radius:3px;white-space:nowrap}
.legend{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:center;background:#fff;border:1px solid #d8dde3;border-radius:6px;padding:8px 12px;margin:12px 0;font-size:12px}
.legend .key{display:inline-block;min-width:74px;text-align:center;padding:1px 6px;border-radius:3px;margin-right:4px}
.toc{font-size:13px;margin:8px 0 12px}.toc a{white-space:nowrap;margin-right:12px;color:#1f5fa8}
table.matrix{border-collapse:separate;border-spacing:0;width:100%;background:#fff;border:1px solid #d8dde3;border-radius:6px}
.matrix th,.matrix td{padding:4px 8px;text-align:left;vertical-align:top;border-bottom:1px solid #e6e9ed}
.matrix thead th{position:sticky;top:0;z-index:2;background:#263238;color:#fff;vertical-align:bottom;font-weight:600;border-bottom:0}
.matrix thead th.impl{width:170px;text-align:center;border-left:1px solid #3d4d55}
.matrix thead .iname{font-size:14px;overflow-wrap:anywhere}.matrix thead .isub{font-weight:400;font-size:11px;color:#cfd8dc;overflow-wrap:anywhere}
.matrix thead .ipct{margin-top:3px;font-size:13px}
.matrix thead .verdict{font-size:10px;padding:0 6px}
.matrix tr.sec th{background:#e9edf1;border-top:2px solid #c5ced6;padding:8px 8px 5px;font-size:15px}
.matrix tr.sec th.count{text-align:center;font-size:12px;font-weight:600;color:#37474f;white-space:nowrap}
.matrix tr.sec th .n{font-weight:400;font-size:12px;color:#55606b;margin-left:6px}
.matrix td.rule code{font-size:12.5px;font-weight:600}
.matrix .stmt{font-size:12px;color:#55606b;max-width:760px}
.matrix td.lv{width:78px;font-size:12px;color:#55606b}
.matrix td.st{width:170px;text-align:center;white-space:nowrap;font-size:12.5px;border-left:1px solid #fff;vertical-align:middle}
.matrix td.st small{display:block;font-size:11px;font-weight:400;white-space:normal;overflow-wrap:anywhere}
.st-passed{background:#e3f2e6;color:#1e6b34}
.st-failed{background:#fbdad8;color:#a4221b;font-weight:700}
.st-blocked{background:#efe4de;color:#5d4037;font-weight:600}
.st-errored{background:#f1dff5;color:#7b1fa2;font-weight:700}
.st-timed-out{background:#ffe6c9;color:#b25400;font-weight:700}
.st-partly-tested{background:#e3f2fd;color:#0d47a1}
.st-unsupported{background:#e9edf0;color:#546e7a}
.st-skipped{background:#f3f3f3;color:#7a7a7a;font-style:italic}
.st-absent{background:#fff;color:#aab2ba}
.matrix tr.ref-sep td{background:repeating-linear-gradient(135deg,#f4f6f8 0 6px,#eaedf0 6px 12px);font-size:12px;color:#55606b;padding:3px 8px}
/* Reference rows keep the status colour in the word but lose the fill: seen, never read as counted. */
.matrix tr.ref td{background-color:#fafbfc}
.matrix tr.ref td.rule code{font-weight:400;color:#55606b}.matrix tr.ref .stmt{font-style:italic}
.matrix tr.ref td.st{opacity:.6}
.matrix tr:target td{outline:2px solid #1f5fa8;outline-offset:-2px}
`;

/**
 * matrix.html: every implementation against every rule, on one self-contained page (inline CSS,
 * no script, no external asset; every value escaped). The summary cards come first — the answer
 * most readers want — then the matrix by spec section, its header row kept in view while scrolling.
 */
export function renderMatrixHtml(matrix: Matrix): string {
  const e = escapeHtml;
  const rows = matrix.sections.flatMap((s) => s.rows);
  const counted = rows.filter((r) => levelCounts(r.level)).length;
  const parts: string[] = [
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>${e(matrix.title)}</title><style>${CSS}</style></head><body><main>`,
    `<h1>${e(matrix.title)}</h1>`,
    `<p class="muted">${matrix.columns.length} implementation${matrix.columns.length === 1 ? '' : 's'} · ${matrix.ruleCount} rules `,
    `(${counted} must + implied, ${matrix.ruleCount - counted} reference) · reports: ${matrix.columns.map((c) => `<code>${e(c.file)}</code>`).join(', ')}</p>`,
  ];
  for (const note of matrix.notes) parts.push(`<div class="note">${e(note)}</div>`);
  parts.push(`<div class="cards">${matrix.columns.map(card).join('')}</div>`, legend());
  parts.push(`<nav class="toc">Sections: ${matrix.sections.map((s, i) => `<a href="#sec-${i}">${e(s.name)}</a>`).join(' ')}</nav>`);
  parts.push('<table class="matrix"><thead><tr><th>rule</th><th>level</th>', ...matrix.columns.map(columnHead), '</tr></thead>');
  matrix.sections.forEach((section, i) => parts.push(sectionBody(section, i, matrix.columns.length)));
  parts.push('</table></main></body></html>\n');
  return parts.join('');
}

/** The summary of one implementation: verdict, share of counted rules passed, counts, profile, run. */
function card(c: MatrixColumn): string {
  const e = escapeHtml;
  const bar = STATUSES.filter((s) => c.counted[s] > 0)
    .map((s) => `<span class="b-${s}" style="width:${((c.counted[s] / c.counted.total) * 100).toFixed(2)}%" title="${c.counted[s]} ${s}"></span>`).join('');
  const reason = shorten(c.verdictReason, MAX_REASON);
  const tally = STATUSES.filter((s) => c.counted[s] > 0).map((s) => `<span class="st-${s}">${c.counted[s]} ${s}</span>`).join('');
  return [
    `<div class="card ${e(c.verdict)}">`,
    `<span class="verdict ${e(c.verdict)}">${e(c.verdict)}</span> ${c.complete ? '' : '<span class="incomplete">incomplete run</span>'}`,
    `<h2>${e(c.name ?? c.label)} <span class="ver">${e(c.version ?? '')}</span></h2>`,
    `<div class="sub">${e(c.language ?? 'language unknown')} · <code>${e(c.file)}</code></div>`,
    `<div class="pct"><strong>${e(String(c.conformance.percent))}%</strong> <span class="muted">of must + implied rules pass (${c.conformance.passed}/${c.conformance.total})</span></div>`,
    `<div class="bar">${bar}</div><div class="tally">${tally || '<span class="muted">no must or implied rule</span>'}</div>`,
    '<dl>',
    `<dt>reference</dt><dd>${c.reference.passed}/${c.reference.total} passed <span class="muted">(informative, never counted)</span></dd>`,
    `<dt>profile</dt><dd>${c.profile.full ? 'full' : `<strong>partial</strong> — not declared: ${c.profile.missing.map((m) => `<code>${e(m)}</code>`).join(', ')}`}</dd>`,
    `<dt>verdict</dt><dd${reason !== c.verdictReason ? ` title="${e(c.verdictReason)}"` : ''}>${e(reason)}</dd>`,
    `<dt>run</dt><dd>${c.complete ? 'complete' : `<strong>incomplete</strong> — ${e(shorten(c.incompleteReason ?? 'interrupted', 200))}`}; ${e(shortDate(c.startedAt))}; suite ${e(c.suiteVersion)}`,
    `${c.narrowed !== null ? `; narrowed: <code>${e(c.narrowed)}</code>` : ''}</dd>`,
    '</dl></div>',
  ].join('');
}

function legend(): string {
  const keys = STATUSES.map((s) => `<span><span class="key st-${s}">${s}</span>${escapeHtml(STATUS_MEANING[s])}</span>`);
  keys.push(`<span><span class="key st-absent">${ABSENT}</span>not in that report (another suite version or a narrowed run)</span>`);
  keys.push('<span><span class="key" style="background:repeating-linear-gradient(135deg,#f4f6f8 0 6px,#eaedf0 6px 12px)">reference</span>rows below this band are reference level: informative, never counted</span>');
  keys.push('<span class="muted">Hover a cell for its first failure.</span>');
  return `<div class="legend">${keys.join('')}</div>`;
}

function columnHead(c: MatrixColumn): string {
  const e = escapeHtml;
  const profile = c.profile.full ? 'full profile' : 'partial profile';
  const tip = `${c.label} (${c.file})${c.profile.full ? '' : ` — not declared: ${c.profile.missing.join(', ')}`}`;
  return `<th class="impl" title="${e(tip)}"><div class="iname">${e(c.label)}</div>`
    + `<div class="isub">${e(c.language ?? '?')} · ${e(profile)}</div>`
    + `<div class="ipct"><span class="verdict ${e(c.verdict)}">${e(c.verdict)}</span> ${e(String(c.conformance.percent))}%</div></th>`;
}

/** A section: its heading with each implementation's count, its counted rules, then its reference rules. */
function sectionBody(section: MatrixSection, index: number, columns: number): string {
  const e = escapeHtml;
  const counted = section.rows.filter((r) => levelCounts(r.level));
  const reference = section.rows.filter((r) => !levelCounts(r.level));
  const counts = Array.from({ length: columns }, (_, i) => {
    // "—" means "not in this report"; a section of reference rules only has nothing to count.
    if (counted.length === 0) return '<th class="count"></th>';
    const present = counted.filter((r) => r.cells[i]!.status !== null);
    if (present.length === 0) return `<th class="count">${ABSENT}</th>`;
    const passed = present.filter((r) => r.cells[i]!.status === 'passed').length;
    return `<th class="count" title="must + implied rules of this section that pass">${passed}/${present.length}</th>`;
  });
  const sizes = [counted.length > 0 ? `${counted.length} counted` : '', reference.length > 0 ? `${reference.length} reference` : ''].filter((x) => x !== '').join(' + ');
  const out = [`<tbody><tr class="sec"><th colspan="2" id="sec-${index}">${e(section.name)}<span class="n">${sizes}</span></th>${counts.join('')}</tr>`];
  for (const row of counted) out.push(ruleRow(row, false));
  if (reference.length > 0) {
    out.push(`<tr class="ref-sep"><td colspan="${columns + 2}">reference level — the reference implementation's choices where the spec is silent: informative, never counted</td></tr>`);
    for (const row of reference) out.push(ruleRow(row, true));
  }
  out.push('</tbody>');
  return out.join('');
}

function ruleRow(row: MatrixRow, reference: boolean): string {
  const e = escapeHtml;
  const statement = shorten(row.statement, MAX_STATEMENT);
  const otherLevels = row.otherLevels.length > 0
    ? `<br><span title="${e(row.otherLevels.map((o) => `${o.level} in ${o.file}`).join('; '))}">(${e(row.otherLevels.map((o) => o.level).join(', '))} elsewhere)</span>` : '';
  return `<tr id="rule-${e(row.id)}"${reference ? ' class="ref"' : ''}><td class="rule"><code>${e(row.id)}</code>`
    + `<div class="stmt"${statement !== row.statement ? ` title="${e(row.statement)}"` : ''}>${e(statement)}</div></td>`
    + `<td class="lv">${e(row.level)}${otherLevels}</td>${row.cells.map(cellHtml).join('')}</tr>`;
}

function cellHtml(cell: MatrixCell): string {
  const e = escapeHtml;
  if (cell.status === null) return `<td class="st st-absent" title="not in this report">${ABSENT}</td>`;
  const status: Status = cell.status;
  const by = status === 'blocked' && cell.blockedBy.length > 0 ? `<small>by ${cell.blockedBy.map((b) => `<code>${e(b)}</code>`).join(', ')}</small>` : '';
  return `<td class="st st-${e(status)}"${cell.message ? ` title="${e(cell.message)}"` : ''}>${e(status)}${by}</td>`;
}
