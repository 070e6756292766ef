import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Envelope } from '@cucumber/messages';
import { writeFileAtomic } from './atomic';
import { clearReportSet } from './clearSet';
import { renderBadge } from './badge';
import { renderCucumberHtml, renderNdjson, type HeadlineSource } from './cucumber';
import { renderHtml } from './html';
import { renderJunit } from './junit';
import { renderMarkdown } from './markdown';
import type { ConformanceReport } from './model';
import { withFailureWords } from './words';
import { writing } from './writeError';

export const REPORT_FILES = ['conformance.json', 'conformance.md', 'conformance.html', 'badge.svg', 'junit.xml', 'cucumber.ndjson', 'cucumber.html'] as const;

/** cucumber.ndjson and cucumber.html, which depend on the envelopes and the verdict only. */
export interface CucumberFormats {
  ndjson: string;
  html: Promise<string>;
}

/**
 * Renders cucumber's two formats ahead of the other reports: with --coverage the run does it
 * while c8 reports (0.2 s of the run's end), from a report made without the coverage, whose
 * rules, scenarios and verdict are the final report's.
 */
export function renderCucumberFormats(envelopes: readonly Envelope[], headline: HeadlineSource, json?: readonly string[]): CucumberFormats {
  const html = renderCucumberHtml(envelopes, headline);
  html.catch(() => undefined); // awaited by writeReports, which reports a failure
  return { ndjson: renderNdjson(envelopes, json), html };
}

/** The report as conformance.json holds it: every format shows a root cause's first failure in the framework's words. */
export function finalReport(run: ConformanceReport): ConformanceReport {
  return withFailureWords(run);
}

/**
 * Writes every report into `dir`, each atomically, after clearing the previous set (clearSet.ts).
 * conformance.json goes first: it is the one machines read, and a disk that fills up while the
 * others are written still leaves it whole. An error of the file system throws a
 * ReportWriteError naming the file and what was written before it.
 * `json` is the JSON of each envelope when it is already made (Collector.json).
 */
export async function writeReports(dir: string, run: ConformanceReport, envelopes: readonly Envelope[], cucumber?: CucumberFormats, json?: readonly string[],
  write: (file: string, text: string) => void = writeFileAtomic): Promise<string[]> {
  const out = (name: string) => path.join(dir, name);
  // Every format shows a root cause's first failure in the same words (the framework's, when known).
  const report = withFailureWords(run);
  const formats = cucumber ?? renderCucumberFormats(envelopes, report, json);
  // All rendered before anything is removed: a renderer that fails leaves the previous set whole.
  const rendered: Array<[typeof REPORT_FILES[number], string]> = [
    ['conformance.json', JSON.stringify(report, null, 2) + '\n'],
    ['conformance.md', renderMarkdown(report)],
    ['conformance.html', renderHtml(report)],
    ['badge.svg', renderBadge(report)],
    ['junit.xml', renderJunit(report)],
    ['cucumber.ndjson', formats.ndjson],
    ['cucumber.html', await formats.html],
  ];
  writing(dir, () => clearReportSet(dir, REPORT_FILES));
  // A coverage report left by an earlier run would pass for this run's.
  if (report.coverage === null) writing(out('coverage'), () => fs.rmSync(out('coverage'), { recursive: true, force: true }));
  const written: string[] = [];
  for (const [name, text] of rendered) {
    writing(out(name), () => write(out(name), text), written);
    written.push(out(name));
  }
  return written;
}
