import { CucumberHtmlStream } from '@cucumber/html-formatter';
import { TestStepResultStatus, type Envelope } from '@cucumber/messages';
import { standings, uncountedFailures } from './counted';
import type { ConformanceReport } from './model';
import { verdictWords } from './words';

/**
 * cucumber.ndjson and cucumber.html are rendered from the envelopes the runner collected rather
 * than by cucumber's file formatters, so that they can be written atomically and also exist for
 * an interrupted run (cucumber's formatters only finish at the end of a run). cucumber.ndjson is
 * the JSON of each envelope: `json`, when given, is that JSON made once (Collector.json, made as
 * each message arrived, while the suite waits on the target), so the run's end does not make it
 * twice. cucumber.html is the page @cucumber/html-formatter's stream makes of the envelopes.
 */
export function renderNdjson(envelopes: readonly Envelope[], json?: readonly string[]): string {
  const lines = json ?? envelopes.map((e) => JSON.stringify(e));
  return lines.join('\n') + (lines.length > 0 ? '\n' : '');
}

/** What cucumber.html needs of the run to agree with the verdict. */
export type HeadlineSource = Pick<ConformanceReport, 'rules' | 'scenarios' | 'verdict' | 'verdictReason' | 'complete' | 'summary'>;

/**
 * cucumber.html is cucumber's own page, whose headline counts scenarios by their worst step. Given
 * the report, the page agrees with the verdict (docs/reports.md, "cucumber.html"): a failed step of
 * a scenario whose failure does not count is shown as skipped with why (informativeEnvelopes), and
 * a banner above cucumber's page states the verdict. cucumber.ndjson keeps cucumber's own statuses.
 */
export async function renderCucumberHtml(envelopes: readonly Envelope[], report?: HeadlineSource): Promise<string> {
  const html = await throughFormatter(report ? informativeEnvelopes(envelopes, report) : envelopes);
  return report ? withBanner(html, report) : html;
}

/** The page cucumber's formatter makes of these messages, streamed through it one by one. */
function throughFormatter(messages: readonly object[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const stream = new CucumberHtmlStream();
    const chunks: string[] = [];
    stream.on('data', (chunk: Buffer | string) => chunks.push(chunk.toString()));
    stream.on('end', () => resolve(chunks.join('')));
    stream.on('error', reject);
    for (const message of messages) stream.write(message);
    stream.end();
  });
}

/**
 * The envelopes with every FAILED step result of a scenario whose failure does not count (no
 * must or implied rule is charged with it: reference level, blocked, unsupported) turned into
 * SKIPPED, its message kept and prefixed with why. Cucumber's headline (pie, "N failed", "% passed")
 * then counts as failed only what the verdict counts. Envelopes are copied, never changed.
 */
export function informativeEnvelopes(envelopes: readonly Envelope[], report: Pick<ConformanceReport, 'rules' | 'scenarios'>): Envelope[] {
  const standing = standings(report);
  const scenarioOfPickle = new Map<string, string>();
  const pickleOfCase = new Map<string, string>();
  const caseOfStarted = new Map<string, string>();
  for (const e of envelopes) {
    if (e.pickle) {
      const id = e.pickle.tags.find((t) => t.name.startsWith('@id:'))?.name.slice('@id:'.length);
      if (id !== undefined) scenarioOfPickle.set(e.pickle.id, id);
    }
    if (e.testCase) pickleOfCase.set(e.testCase.id, e.testCase.pickleId);
    if (e.testCaseStarted) caseOfStarted.set(e.testCaseStarted.id, e.testCaseStarted.testCaseId);
  }
  return envelopes.map((e) => {
    const finished = e.testStepFinished;
    if (!finished || finished.testStepResult.status !== TestStepResultStatus.FAILED) return e;
    const scenario = scenarioOfPickle.get(pickleOfCase.get(caseOfStarted.get(finished.testCaseStartedId) ?? '') ?? '');
    const s = scenario === undefined ? undefined : standing.get(scenario);
    // Unknown to the report, or counted: cucumber's status stands.
    if (s === undefined || s.counted) return e;
    const why = `${s.note ?? 'not counted'}. The step failed: `;
    const result = finished.testStepResult;
    return {
      ...e,
      testStepFinished: {
        ...finished,
        testStepResult: {
          ...result,
          status: TestStepResultStatus.SKIPPED,
          ...(result.message !== undefined ? { message: why + result.message } : {}),
          ...(result.exception ? { exception: { ...result.exception, message: why + (result.exception.message ?? '') } } : {}),
        },
      },
    };
  });
}

/**
 * A banner above cucumber's page with the verdict and the conformance figure, saying how the
 * page's own counts relate to them. Put before cucumber's `<div id="content">`, outside what its
 * script renders; a template without it is an error (a test pins the formatter's template).
 */
export function withBanner(html: string, report: HeadlineSource): string {
  const anchor = '<div id="content">';
  const at = html.indexOf(anchor);
  if (at < 0) throw new Error(`cucumber.html: the formatter's page has no ${anchor} to put the verdict above`);
  const { passed, total, percent } = report.summary.conformance;
  const words = verdictWords(report);
  const notCounted = uncountedFailures(report).length;
  const colour = report.verdict === 'conforms' && report.complete ? '#1a7f37' : report.verdict === 'partial' && report.complete ? '#9a6700' : '#cf222e';
  const banner = [
    // A long URI, message or document wraps instead of widening the page (no sideways scroll at 1400 px).
    '<style>#content{overflow-wrap:anywhere}#content *{box-sizing:border-box}#content pre,#content code{white-space:pre-wrap;overflow-wrap:anywhere}</style>',
    `<div id="fw-verdict" data-verdict="${escapeHtml(report.verdict)}" style="font:15px/1.5 system-ui,sans-serif;margin:1em;padding:.75em 1em;border:2px solid ${colour};border-radius:6px">`,
    `<strong style="color:${colour}">fw-conformance: ${escapeHtml(words.title)}</strong> — ${passed}/${total} must + implied rules pass (${percent}%). ${escapeHtml(report.verdictReason)}`,
    `<br><span style="color:#57606a">The figures below are cucumber's: scenarios of every level. ` +
      `${notCounted} failed result(s) that never count (reference level, or blocked by a root cause charged elsewhere) are shown as skipped, with why; ` +
      'the verdict and its percentage are in conformance.html. cucumber.ndjson keeps cucumber\'s own statuses.</span>',
    '</div>',
  ].join('');
  return html.slice(0, at) + banner + html.slice(at);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
