import { CucumberHtmlStream } from '@cucumber/html-formatter';
import type { Envelope } from '@cucumber/messages';

/**
 * cucumber.ndjson and cucumber.html are rendered from the envelopes the runner collected rather
 * than by cucumber's file formatters, so that they can be written atomically and also exist for
 * an interrupted run (cucumber's formatters only finish at the end of a run).
 */
export function renderNdjson(envelopes: readonly Envelope[]): string {
  return envelopes.map((e) => JSON.stringify(e)).join('\n') + (envelopes.length > 0 ? '\n' : '');
}

export function renderCucumberHtml(envelopes: readonly Envelope[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const stream = new CucumberHtmlStream();
    const chunks: string[] = [];
    stream.on('data', (chunk: Buffer | string) => chunks.push(chunk.toString()));
    stream.on('end', () => resolve(chunks.join('')));
    stream.on('error', reject);
    for (const envelope of envelopes) stream.write(envelope);
    stream.end();
  });
}
