import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../reports/atomic';
import { readReport, ReportReadError, type LoadedReport } from '../reports/read';
import { MATRIX_HELP } from './help';
import { renderMatrixHtml } from './html';
import { renderMatrixMarkdown } from './markdown';
import { buildMatrix, DEFAULT_TITLE, MatrixInputError, type Matrix } from './model';
import { renderSpecHtml, type CatalogRule } from './specHtml';
import { PACKAGE_ROOT } from '../config/layout';
import { nonBlank, parseSubcommand, SubcommandUsageError } from './subcommandArgs';

export interface SubcommandIO {
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

const EXIT = { ok: 0, input: 2 } as const;

/**
 * `fw-conformance matrix REPORT.json... [--out DIR] [--title TEXT]`: writes matrix.html and
 * matrix.md into DIR. Exit 0 when written; 2 for a bad command line, a file that is not a report,
 * two reports of one implementation and version, or an output that cannot be written.
 */
/** The options of `fw-conformance matrix` (its --help lists each: test/cli/drift.test.ts). */
export const MATRIX_OPTIONS = { out: { type: 'string' }, title: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

/**
 * spec.html: the spec the reports were made against, annotated (specHtml.ts), when this suite has
 * it; the suite's catalog adds the rules no report selected. Null when the spec is not here.
 */
function annotatedSpec(reports: LoadedReport[], matrix: Matrix): string | null {
  const name = reports.map((r) => r.report.suite.spec).find((s) => /^[\w.-]+\.md$/.test(s));
  const file = name === undefined ? undefined : path.join(PACKAGE_ROOT, 'spec', name);
  if (file === undefined || !fs.existsSync(file)) return null;
  const catalogFile = path.join(PACKAGE_ROOT, 'features', 'rules.json');
  let catalog: CatalogRule[] = [];
  try {
    const parsed = JSON.parse(fs.readFileSync(catalogFile, 'utf8')) as { spec?: string; rules?: CatalogRule[] };
    if (parsed.spec === name && Array.isArray(parsed.rules)) catalog = parsed.rules;
  } catch {
    // No catalog: the reports' rules alone.
  }
  return renderSpecHtml({ title: matrix.title, spec: { name: name!, text: fs.readFileSync(file, 'utf8') }, matrix, reports, catalog, matrixHref: 'matrix.html' });
}

export function runMatrixCommand(argv: string[], io: SubcommandIO): number {
  const fail = (message: string, hint = true) => {
    io.err(`fw-conformance matrix: ${message}${hint ? ' (see fw-conformance matrix --help)' : ''}\n`);
    return EXIT.input;
  };
  let files: string[];
  let outDir: string;
  let title: string;
  try {
    const { values, positionals } = parseSubcommand(argv, MATRIX_OPTIONS);
    if (values.help === true) {
      io.out(MATRIX_HELP);
      return EXIT.ok;
    }
    if (positionals.length === 0) throw new SubcommandUsageError('no report given: fw-conformance matrix REPORT.json... (one conformance.json per implementation)');
    files = positionals;
    outDir = nonBlank('--out', values.out) ?? '.';
    title = nonBlank('--title', values.title) ?? DEFAULT_TITLE;
  } catch (err) {
    if (err instanceof SubcommandUsageError) return fail(err.message);
    throw err;
  }

  const dir = path.resolve(io.cwd, outDir);
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) return fail(`--out ${outDir} exists and is not a directory`);
  try {
    const reports: LoadedReport[] = files.map((file) => readReport(file, io.cwd));
    const matrix = buildMatrix(reports, title);
    const html = renderMatrixHtml(matrix);
    const markdown = renderMatrixMarkdown(matrix);
    for (const note of matrix.notes) io.err(`note: ${note}\n`);
    const spec = annotatedSpec(reports, matrix);
    if (spec === null) io.err(`note: no spec.html: the spec ${reports[0]!.report.suite.spec} is not in this suite (${path.join(PACKAGE_ROOT, 'spec')})\n`);
    const pages: Array<[string, string]> = [['matrix.html', html], ['matrix.md', markdown], ...(spec === null ? [] : [['spec.html', spec] as [string, string]])];
    const written = pages.map(([name]) => path.join(outDir, name));
    try {
      for (const [name, text] of pages) writeFileAtomic(path.join(dir, name), text);
    } catch (err) {
      return fail(`cannot write into ${outDir}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, false);
    }
    io.out(`matrix: ${matrix.columns.length} implementation${matrix.columns.length === 1 ? '' : 's'}, ${matrix.ruleCount} rules: wrote ${written.slice(0, -1).join(', ')} and ${written.at(-1)}\n`);
    return EXIT.ok;
  } catch (err) {
    if (err instanceof ReportReadError || err instanceof MatrixInputError) return fail(err.message, false);
    throw err;
  }
}
