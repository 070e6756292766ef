import type { LoadedReport } from '../reports/read';
import type { Level } from '../model/levels';
import type { RuleResult } from '../model/results';
import { ABSENT_CELL, cellOf, type MatrixCell } from './cell';
import { columnOf, type MatrixColumn } from './columns';
import { notesOf } from './notes';
import { compareVersions, mergeOrders } from './order';

/** Input the matrix cannot be built from: the CLI prints the message and exits 2. */
export class MatrixInputError extends Error {
  override name = 'MatrixInputError';
}

export interface MatrixRow {
  id: string;
  level: Level;
  section: string;
  statement: string;
  /** One per column, in the columns' order. */
  cells: MatrixCell[];
  /** Reports that give the rule another level than `level` (a catalog that changed between suites). */
  otherLevels: Array<{ file: string; level: Level }>;
}

export interface MatrixSection {
  name: string;
  rows: MatrixRow[];
}

export interface Matrix {
  title: string;
  columns: MatrixColumn[];
  sections: MatrixSection[];
  /** What a reader must know to read the matrix right: mixed suites, narrowed runs, incomplete runs. */
  notes: string[];
  ruleCount: number;
}

export const DEFAULT_TITLE = 'fw-conformance matrix';

/**
 * One row per rule of any report (the union), one column per report in the order given. Rules
 * are in the catalog order of the newest suite, with rules only older suites have placed next to
 * their neighbours, and grouped by spec section in that order.
 */
export function buildMatrix(reports: LoadedReport[], title: string = DEFAULT_TITLE): Matrix {
  if (reports.length === 0) throw new MatrixInputError('no report given: name one or more conformance.json files');
  checkDistinct(reports);
  const columns = reports.map(columnOf);
  // Newest suite first: its catalog gives the order, the sections and the wording of statements.
  const byRecency = [...reports].sort((a, b) => compareVersions(b.report.suite.version, a.report.suite.version));
  const order = mergeOrders(byRecency.map((r) => r.report.rules.map((rule) => rule.id)));
  const lookups = reports.map((r) => new Map(r.report.rules.map((rule) => [rule.id, rule])));
  const recentLookups = byRecency.map((r) => lookups[reports.indexOf(r)]!);

  const sections = new Map<string, MatrixRow[]>();
  for (const id of order) {
    const meta = recentLookups.map((l) => l.get(id)).find((rule): rule is RuleResult => rule !== undefined)!;
    const row: MatrixRow = {
      id, level: meta.level, section: meta.section || '(no section)', statement: meta.statement,
      cells: reports.map((r, i) => {
        const rule = lookups[i]!.get(id);
        return rule ? cellOf(rule, r.report) : ABSENT_CELL;
      }),
      otherLevels: reports.flatMap((r, i) => {
        const level = lookups[i]!.get(id)?.level;
        return level !== undefined && level !== meta.level ? [{ file: r.file, level }] : [];
      }),
    };
    sections.set(row.section, [...(sections.get(row.section) ?? []), row]);
  }
  const matrix: Matrix = {
    title, columns, ruleCount: order.length,
    sections: [...sections].map(([name, rows]) => ({ name, rows })),
    notes: [],
  };
  matrix.notes = notesOf(matrix, reports);
  return matrix;
}

/** A column per implementation and version: two reports of the same one would read as a contradiction. */
function checkDistinct(reports: LoadedReport[]): void {
  const seen = new Map<string, string>();
  for (const { file, report } of reports) {
    const impl = report.implementation;
    // Reports without an implementation (the target never answered) cannot be told apart: keep them.
    if (!impl) continue;
    const key = JSON.stringify([impl.name, impl.version]);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw new MatrixInputError(earlier === file
        ? `${file} is given twice`
        : `${earlier} and ${file} are both reports of ${impl.name} ${impl.version}: a matrix has one column per implementation and version (give one of them)`);
    }
    seen.set(key, file);
  }
}
