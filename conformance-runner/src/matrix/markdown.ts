import { counts as levelCounts } from '../model/levels';
import { STATUSES } from '../model/status';
import type { MatrixCell } from './cell';
import type { MatrixColumn } from './columns';
import type { Matrix, MatrixRow } from './model';
import { ABSENT, STATUS_ICON } from './statusWords';
import { mdCode, mdText, shortDate, shorten } from './text';

/** Statements are cut hard: the status columns, not the prose, are what a reader scans. */
const MAX_STATEMENT = 90;

const VERDICT_ICON = { conforms: '✅', partial: '🟡', fails: '❌' } as const;

/**
 * matrix.md: a GitHub-renderable page. The summary comes first, one column per implementation as
 * in the matrix; then one table per spec section, its reference rules in a table of their own so
 * they never read as counted. Statements are last in each row and short, so that the status
 * columns stay side by side at the left however many rules there are.
 */
export function renderMatrixMarkdown(matrix: Matrix): string {
  const heads = matrix.columns.map((c) => mdText(c.label));
  const lines: string[] = [`# ${mdText(matrix.title)}`, ''];
  const rows = matrix.sections.flatMap((s) => s.rows);
  const counted = rows.filter((r) => levelCounts(r.level)).length;
  lines.push(`${matrix.columns.length} implementation${matrix.columns.length === 1 ? '' : 's'}, ${matrix.ruleCount} rules (${counted} must + implied, ${matrix.ruleCount - counted} reference: informative, never counted).`, '');
  for (const note of matrix.notes) lines.push(`> **Note:** ${mdText(note)}`, '');

  lines.push('## Summary', '', `| | ${heads.join(' | ')} |`, `|---|${matrix.columns.map(() => '---').join('|')}|`);
  const summary: Array<[string, (c: MatrixColumn) => string]> = [
    ['verdict', (c) => `${VERDICT_ICON[c.verdict]} **${c.verdict}**${c.complete ? '' : ' (incomplete run)'}`],
    ['must + implied passed', (c) => `**${c.conformance.passed}/${c.conformance.total}** (${c.conformance.percent}%)`],
    ['by status', (c) => STATUSES.filter((s) => c.counted[s] > 0).map((s) => `${c.counted[s]} ${s}`).join(', ') || '—'],
    ['reference (informative)', (c) => `${c.reference.passed}/${c.reference.total} passed`],
    ['profile', (c) => (c.profile.full ? 'full' : `partial — not declared: ${c.profile.missing.map(mdCode).join(', ')}`)],
    ['language', (c) => mdText(c.language ?? '?')],
    ['run', (c) => `${c.complete ? 'complete' : 'incomplete'}, ${mdText(shortDate(c.startedAt))}, suite ${mdText(c.suiteVersion)}${c.narrowed !== null ? `, narrowed: ${mdCode(c.narrowed)}` : ''}`],
    ['report', (c) => mdCode(c.file)],
  ];
  for (const [label, value] of summary) lines.push(`| ${label} | ${matrix.columns.map(value).join(' | ')} |`);
  lines.push('');

  lines.push(`Legend: ${STATUSES.map((s) => `${STATUS_ICON[s]} ${s}`).join(' · ')} · ${ABSENT} not in that report. ` +
    'A blocked rule names the rule that blocks it (charged there). The HTML matrix shows the first failure of each cell.', '');

  for (const section of matrix.sections) {
    const countedRows = section.rows.filter((r) => levelCounts(r.level));
    const referenceRows = section.rows.filter((r) => !levelCounts(r.level));
    const perColumn = matrix.columns.map((_, i) => {
      const present = countedRows.filter((r) => r.cells[i]!.status !== null);
      return present.length === 0 ? ABSENT : `${present.filter((r) => r.cells[i]!.status === 'passed').length}/${present.length}`;
    });
    lines.push(`## ${mdText(section.name)}`, '');
    if (countedRows.length > 0) {
      lines.push(`Must + implied rules passed: ${matrix.columns.map((c, i) => `${mdText(c.label)} ${perColumn[i]}`).join(' · ')}`, '');
      lines.push(...table(countedRows, heads, true), '');
    }
    if (referenceRows.length > 0) {
      lines.push(`<sub>Reference level (informative, never counted):</sub>`, '', ...table(referenceRows, heads, false), '');
    }
  }
  return lines.join('\n');
}

function table(rows: MatrixRow[], heads: string[], withLevel: boolean): string[] {
  const lines = [`| rule |${withLevel ? ' level |' : ''} ${heads.join(' | ')} | statement |`,
    `|---|${withLevel ? '---|' : ''}${heads.map(() => '---').join('|')}|---|`];
  for (const row of rows) {
    const elsewhere = row.otherLevels.length > 0 ? ` (${row.otherLevels.map((o) => o.level).join(', ')} elsewhere)` : '';
    const id = mdCode(row.id) + (withLevel ? '' : elsewhere);
    lines.push(`| ${id} |${withLevel ? ` ${row.level}${elsewhere} |` : ''} ${row.cells.map(cellMd).join(' | ')} | ${mdText(shorten(row.statement, MAX_STATEMENT))} |`);
  }
  return lines;
}

function cellMd(cell: MatrixCell): string {
  if (cell.status === null) return ABSENT;
  const by = cell.status === 'blocked' && cell.blockedBy.length > 0 ? ` by ${cell.blockedBy.map(mdCode).join(', ')}` : '';
  return `${STATUS_ICON[cell.status]} ${cell.status}${by}`;
}
