import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Envelope } from '@cucumber/messages';
import { writeFileAtomic } from './atomic';
import { renderBadge } from './badge';
import { renderCucumberHtml, renderNdjson } from './cucumber';
import { renderHtml } from './html';
import { renderJunit } from './junit';
import { renderMarkdown } from './markdown';
import type { ConformanceReport } from './model';

export const REPORT_FILES = ['conformance.json', 'conformance.md', 'conformance.html', 'badge.svg', 'junit.xml', 'cucumber.ndjson', 'cucumber.html'] as const;

/**
 * Writes every report into `dir`, each atomically. conformance.json goes last: a reader that
 * finds it (with `complete`) finds the others of the same run.
 */
export async function writeReports(dir: string, report: ConformanceReport, envelopes: readonly Envelope[]): Promise<string[]> {
  const out = (name: string) => path.join(dir, name);
  // A coverage report left by an earlier run would pass for this run's.
  if (report.coverage === null) fs.rmSync(out('coverage'), { recursive: true, force: true });
  writeFileAtomic(out('cucumber.ndjson'), renderNdjson(envelopes));
  writeFileAtomic(out('cucumber.html'), await renderCucumberHtml(envelopes));
  writeFileAtomic(out('junit.xml'), renderJunit(report));
  writeFileAtomic(out('badge.svg'), renderBadge(report));
  writeFileAtomic(out('conformance.html'), renderHtml(report));
  writeFileAtomic(out('conformance.md'), renderMarkdown(report));
  writeFileAtomic(out('conformance.json'), JSON.stringify(report, null, 2) + '\n');
  return REPORT_FILES.map(out);
}
