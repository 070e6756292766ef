import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Envelope } from '@cucumber/messages';
import { writeFileAtomic } from './atomic';
import { clearReportSet } from './clearSet';
import { renderBadge } from './badge';
import { renderCucumberHtml, renderNdjson } from './cucumber';
import { renderHtml } from './html';
import { renderJunit } from './junit';
import { renderMarkdown } from './markdown';
import type { ConformanceReport } from './model';
import { withFailureWords } from './words';

export const REPORT_FILES = ['conformance.json', 'conformance.md', 'conformance.html', 'badge.svg', 'junit.xml', 'cucumber.ndjson', 'cucumber.html'] as const;

/**
 * Writes every report into `dir`, each atomically, after clearing the previous set (clearSet.ts).
 * conformance.json goes last: a reader that finds it (with `complete`) finds the others of the same run.
 */
export async function writeReports(dir: string, run: ConformanceReport, envelopes: readonly Envelope[]): Promise<string[]> {
  const out = (name: string) => path.join(dir, name);
  // Every format shows a root cause's first failure in the same words (the framework's, when known).
  const report = withFailureWords(run);
  // All rendered before anything is removed: a renderer that fails leaves the previous set whole.
  const rendered: Array<[typeof REPORT_FILES[number], string]> = [
    ['cucumber.ndjson', renderNdjson(envelopes)],
    ['cucumber.html', await renderCucumberHtml(envelopes, report)],
    ['junit.xml', renderJunit(report)],
    ['badge.svg', renderBadge(report)],
    ['conformance.html', renderHtml(report)],
    ['conformance.md', renderMarkdown(report)],
    ['conformance.json', JSON.stringify(report, null, 2) + '\n'],
  ];
  clearReportSet(dir, REPORT_FILES);
  // A coverage report left by an earlier run would pass for this run's.
  if (report.coverage === null) fs.rmSync(out('coverage'), { recursive: true, force: true });
  for (const [name, text] of rendered) writeFileAtomic(out(name), text);
  return REPORT_FILES.map(out);
}
