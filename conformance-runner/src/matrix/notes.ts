import type { LoadedReport } from '../reports/read';
import type { Matrix } from './model';

/**
 * Notes shown above the matrix. A "—" or a short column is only readable with its reason: another
 * suite version, a narrowed run, a run that stopped early.
 */
export function notesOf(matrix: Matrix, reports: LoadedReport[]): string[] {
  const notes: string[] = [];
  const versions = new Map<string, string[]>();
  for (const { file, report } of reports) versions.set(report.suite.version, [...(versions.get(report.suite.version) ?? []), file]);
  if (versions.size > 1) {
    const list = [...versions].map(([v, files]) => `${v} (${files.join(', ')})`).join('; ');
    notes.push(`These reports come from different suite versions: ${list}. The rows are the union of their rules; "—" marks a rule a report does not have.`);
  }
  matrix.columns.forEach((column, i) => {
    const have = reports[i]!.report.rules.length;
    if (have < matrix.ruleCount) {
      const why = column.narrowed !== null ? `its run was narrowed (${column.narrowed})`
        : versions.size > 1 ? `its suite ${column.suiteVersion} has other rules`
        : 'its run selected fewer rules';
      notes.push(`${column.label} (${column.file}) has results for ${have} of the ${matrix.ruleCount} rules: ${why}.`);
    }
    if (!column.complete) notes.push(`${column.label} (${column.file}): the run is incomplete — ${firstLine(column.incompleteReason ?? 'it was interrupted')}.`);
  });
  const relevelled = matrix.sections.flatMap((s) => s.rows).filter((r) => r.otherLevels.length > 0);
  if (relevelled.length > 0) {
    notes.push(`${relevelled.length} rule${relevelled.length === 1 ? ' has' : 's have'} another level in some reports (${relevelled.slice(0, 5).map((r) => r.id).join(', ')}${relevelled.length > 5 ? ', …' : ''}): rows show the newest suite's level.`);
  }
  return notes;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.replace(/[.\s]+$/, '');
}
