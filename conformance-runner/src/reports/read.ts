import * as fs from 'node:fs';
import * as path from 'node:path';
import { allViolations } from '../protocol/schemas';
import { REPORT_VERSION, type ConformanceReport } from './model';

/**
 * Version 3 added result-level blame (outcomes' shownBy and signatures, mismatches per result) and
 * the partly-tested status, version 4 the adapter's `applications` claim and what the run made of
 * it; an older report is the same shape without them, so comparing a report from before a change
 * with one from after still works.
 */
const READABLE_VERSIONS: readonly number[] = [2, 3, REPORT_VERSION];

/** How many schema violations an error shows: the first few say what is wrong, the rest is noise. */
const MAX_VIOLATIONS = 5;

/** A file that cannot be used as a conformance.json; the message names the file and what is wrong. */
export class ReportReadError extends Error {
  override name = 'ReportReadError';
  constructor(readonly file: string, message: string) {
    super(`${file}: ${message}`);
  }
}

/** A conformance.json and the name it was given on the command line (what messages call it). */
export interface LoadedReport {
  file: string;
  report: ConformanceReport;
}

/**
 * Reads and validates a conformance.json (report.schema.json). `file` is shown as given, resolved
 * against `cwd`. Throws a ReportReadError for a missing file, a directory, bad JSON, a report of
 * another version, or a schema violation.
 */
export function readReport(file: string, cwd: string = process.cwd()): LoadedReport {
  const full = path.resolve(cwd, file);
  let text: string;
  try {
    if (fs.statSync(full).isDirectory()) {
      const inside = path.join(file, 'conformance.json');
      throw new ReportReadError(file, `is a directory, not a report${fs.existsSync(path.join(full, 'conformance.json')) ? ` (did you mean ${inside}?)` : ''}`);
    }
    text = fs.readFileSync(full, 'utf8');
  } catch (err) {
    if (err instanceof ReportReadError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new ReportReadError(file, code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? (err as Error).message})`);
  }
  return { file, report: parseReport(file, text) };
}

/** Parses and validates the text of a conformance.json; `file` names it in errors. */
export function parseReport(file: string, text: string): ConformanceReport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ReportReadError(file, `is not JSON (${(err as Error).message}); expected a conformance.json written by fw-conformance`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ReportReadError(file, 'is not a fw-conformance report: expected a JSON object (conformance.json)');
  }
  const version = (data as Record<string, unknown>).reportVersion;
  if (version === undefined) {
    throw new ReportReadError(file, 'is not a fw-conformance report: it has no "reportVersion" (expected a conformance.json)');
  }
  // Checked before the schema: a report of another version violates it everywhere, and the useful
  // thing to say is which version this runner reads.
  if (!READABLE_VERSIONS.includes(version as number)) {
    throw new ReportReadError(file, `is a report of version ${JSON.stringify(version)}; this fw-conformance reads reportVersion ${READABLE_VERSIONS.slice(0, -1).join(', ')} and ${READABLE_VERSIONS.at(-1)} (run the suite again with this version to get one)`);
  }
  const violations = allViolations('report', data);
  if (violations.length > 0) {
    const shown = violations.slice(0, MAX_VIOLATIONS).map((v) => `  at ${v.pointer || '/'}: ${v.message}`);
    if (violations.length > MAX_VIOLATIONS) shown.push(`  … and ${violations.length - MAX_VIOLATIONS} more`);
    throw new ReportReadError(file, `is not a valid conformance.json (schema conformance-runner/schema/report.schema.json):\n${shown.join('\n')}`);
  }
  return data as ConformanceReport;
}
