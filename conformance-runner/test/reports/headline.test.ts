import * as assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, it } from 'node:test';
import { CucumberHtmlStream } from '@cucumber/html-formatter';
import type { Envelope } from '@cucumber/messages';
import { create } from 'xmlbuilder2';
import { attribute } from '../../src/attribution/rules';
import { summarise } from '../../src/run/finish/summary';
import type { ScenarioResult } from '../../src/model/results';
import { countedFailures, standings } from '../../src/reports/counted';
import { informativeEnvelopes, renderCucumberHtml, withBanner } from '../../src/reports/cucumber';
import { renderHtml } from '../../src/reports/html';
import { renderJunit } from '../../src/reports/junit';
import { toReportScenario, type ConformanceReport } from '../../src/reports/model';
import { envelopesFor } from '../run/messages';
import { rule, scenario } from '../run/results';
import { sampleReport } from './sample';

/*
 * One headline (issue 20, item 5): junit.xml and cucumber.html count as failed only what the
 * verdict counts. Reference-level results and results blocked by a root cause charged elsewhere
 * are informative there (skipped, with why); counted failures come first in every list.
 */

const DEFS = [rule('params.constraint-regex', 'must'), rule('errors.body', 'reference'), rule('named.name', 'must'), rule('groups.prefix', 'must')];

/** A report of the given scenarios, attributed and summarised as a run does. */
function reportOf(scenarios: ScenarioResult[], verdict: ConformanceReport['verdict']): ConformanceReport {
  const attributed = attribute(DEFS, scenarios);
  return sampleReport({
    verdict, verdictReason: `the verdict is ${verdict}`, rules: attributed.rules, rootCauses: attributed.rootCauses,
    summary: summarise(attributed.rules, attributed.scenarios), scenarios: attributed.scenarios.map((s) => toReportScenario(s, [])),
  });
}

const refFails = () => scenario('errors-ref', 'failed', ['errors.body'], 'reference', { message: 'expected a JSON body, got text/html\nsecond line' });
const mustFails = () => scenario('params-must', 'failed', ['params.constraint-regex'], 'must', { message: 'expected 404, got 200' });
const mustPasses = () => scenario('named-ok', 'passed', ['named.name'], 'must');

type XmlNode = Record<string, unknown>;
type Case = XmlNode & { '@name': string };

function junit(report: ConformanceReport): { root: XmlNode; suites: Array<XmlNode & { '@name': string; testcase: Case | Case[] }>; cases: Case[] } {
  const doc = create(renderJunit(report)).end({ format: 'object' }) as { testsuites: XmlNode & { testsuite: any } };
  const suites = [doc.testsuites.testsuite].flat();
  return { root: doc.testsuites, suites, cases: suites.flatMap((s) => [s.testcase].flat()) };
}

const caseOf = (cases: Case[], id: string) => cases.find((c) => c['@name'].startsWith(`${id}:`))!;

describe('junit.xml agrees with the verdict', () => {
  it('a failing reference-level scenario is skipped with its message, never a failure', () => {
    const { root, cases } = junit(reportOf([mustPasses(), refFails()], 'conforms'));
    assert.equal(root['@failures'], '0');
    assert.equal(root['@errors'], '0');
    const ref = caseOf(cases, 'errors-ref');
    assert.ok(!('failure' in ref) && !('error' in ref), 'no failure, no error');
    const skipped = ref.skipped as XmlNode;
    assert.match(String(skipped['@message']), /^failed, not counted: reference level .*: expected a JSON body, got text\/html$/);
    assert.match(String(skipped['#']), /expected a JSON body, got text\/html\nsecond line/, 'the whole message is kept');
    const verdict = caseOf(cases, 'verdict');
    assert.ok(!('failure' in verdict), 'the verdict test passes');
  });

  it('a counted failure is still a failure, and the verdict a failing test', () => {
    const { root, suites, cases } = junit(reportOf([refFails(), mustPasses(), mustFails()], 'fails'));
    assert.equal(root['@failures'], '2', 'the counted scenario and the verdict');
    assert.ok('failure' in caseOf(cases, 'params-must'));
    assert.match(String((caseOf(cases, 'verdict').failure as XmlNode)['@message']), /^the verdict is fails$/);
    assert.equal(suites[0]!['@name'], 'fw-conformance verdict', 'the verdict first');
    assert.equal(suites[1]!['@failures'], '1', 'the reference-level failure is not counted in its suite');
  });

  it('lists counted failures first: suites with one first, and first within their suite', () => {
    const other = { ...mustPasses(), id: 'groups-ok', rules: ['groups.prefix'], feature: 'features/00-first.feature:1',
      outcomes: [{ rule: 'groups.prefix', scenario: 'groups-ok', status: 'passed' as const }] };
    const { suites } = junit(reportOf([other, refFails(), mustPasses(), mustFails()], 'fails'));
    assert.deepEqual(suites.map((s) => s['@name']), ['fw-conformance verdict', 'features/01-x.feature', 'features/00-first.feature']);
    assert.deepEqual([suites[1]!.testcase].flat().map((c) => c['@name'].split(':')[0]), ['params-must', 'errors-ref', 'named-ok']);
  });

  it('a blocked result is skipped, saying what blocks it; an errored counted one is an error', () => {
    const report = sampleReport();
    const { cases } = junit(report);
    assert.ok('error' in caseOf(cases, 'params-adapter'));
    assert.equal(standings(report).get('params-adapter')!.counted, true);
    const blocked = scenario('named-blocked', 'blocked', ['named.name'], 'must', { blockedBy: 'url.path' });
    const s = standings({ rules: [], scenarios: [toReportScenario(blocked, [])] }).get('named-blocked')!;
    assert.deepEqual(s, { counted: false, note: 'not counted: blocked by url.path, which is charged instead' });
  });
});

/** The scenarios' statuses as cucumber's page counts them: each test case's most severe step (as @cucumber/query does). */
function pageCounts(envelopes: readonly Envelope[]): Record<string, number> {
  const severity = ['UNKNOWN', 'PASSED', 'SKIPPED', 'PENDING', 'UNDEFINED', 'AMBIGUOUS', 'FAILED'];
  const worst = new Map<string, string>();
  for (const e of envelopes) {
    const f = e.testStepFinished;
    if (!f) continue;
    const was = worst.get(f.testCaseStartedId) ?? 'UNKNOWN';
    if (severity.indexOf(f.testStepResult.status) > severity.indexOf(was)) worst.set(f.testCaseStartedId, f.testStepResult.status);
  }
  const counts: Record<string, number> = {};
  for (const status of worst.values()) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** The messages cucumber.html carries (window.CUCUMBER_MESSAGES), which its script counts. */
function messagesIn(html: string): Envelope[] {
  const m = /window\.CUCUMBER_MESSAGES = (\[.*\]);\n<\/script>/s.exec(html);
  assert.ok(m, 'cucumber.html carries its messages');
  return JSON.parse(m[1]!.replace(/\\x3C/g, '<')) as Envelope[];
}

describe('cucumber.html agrees with the verdict', () => {
  const failed = (message: string) => ({ status: 'FAILED' as const, exception: { type: 'AssertionError', message } });
  const envelopes = envelopesFor([
    { id: 'errors-ref', rules: ['errors.body'], steps: [{ status: 'PASSED' }, failed('expected a JSON body, got text/html')] },
    { id: 'named-ok', rules: ['named.name'], steps: [{ status: 'PASSED' }] },
    { id: 'params-must', rules: ['params.constraint-regex'], steps: [failed('expected 404, got 200'), { status: 'SKIPPED' }] },
  ]);

  it('a failing reference-level scenario adds nothing to the failed count; a counted one still does', async () => {
    assert.deepEqual(pageCounts(envelopes), { PASSED: 1, FAILED: 2 }, 'cucumber itself saw two failures');
    const html = await renderCucumberHtml(envelopes, reportOf([refFails(), mustPasses(), mustFails()], 'fails'));
    const shown = messagesIn(html);
    assert.deepEqual(pageCounts(shown), { PASSED: 1, SKIPPED: 1, FAILED: 1 });
    const step = shown.map((e) => e.testStepFinished).find((f) => f?.testCaseStartedId === 'tcs0' && f.testStepResult.status === 'SKIPPED')!;
    assert.match(step.testStepResult.exception!.message!, /^not counted: reference level .*\. The step failed: expected a JSON body, got text\/html$/);
    assert.match(step.testStepResult.message!, /The step failed: expected a JSON body/);
  });

  it('with only a reference-level failure, the page shows no failed scenario', async () => {
    const html = await renderCucumberHtml(envelopes.filter((e) => !(e.testStepFinished?.testCaseStartedId === 'tcs2')), reportOf([refFails(), mustPasses()], 'conforms'));
    assert.equal(pageCounts(messagesIn(html)).FAILED, undefined);
  });

  it('states the verdict and the conformance figure above cucumber\'s page', async () => {
    const report = reportOf([refFails(), mustPasses(), mustFails()], 'fails');
    const html = await renderCucumberHtml(envelopes, report);
    const banner = /<div id="fw-verdict" data-verdict="fails"[^>]*>(.*?)<\/div><div id="content">/s.exec(html);
    assert.ok(banner, 'a banner just above cucumber\'s content');
    const { passed, total, percent } = report.summary.conformance;
    assert.ok(banner[1]!.includes(`FAILS</strong> — ${passed}/${total} must + implied rules pass (${percent}%). the verdict is fails`), banner[1]);
    assert.match(banner[1]!, /1 failed result\(s\) that never count/);
  });

  it('leaves the messages it is given, and cucumber.ndjson\'s statuses, unchanged', () => {
    const before = JSON.stringify(envelopes);
    informativeEnvelopes(envelopes, reportOf([refFails(), mustPasses(), mustFails()], 'fails'));
    assert.equal(JSON.stringify(envelopes), before);
  });

  it('escapes what the target wrote into the verdict reason', async () => {
    const report = { ...reportOf([mustFails()], 'fails'), verdictReason: '<script>alert(1)</script>' };
    const html = await renderCucumberHtml(envelopes, report);
    assert.ok(html.includes('&#60;script&#62;alert(1)&#60;/script&#62;'));
  });
});

/**
 * The page cucumber's formatter makes of these messages, piped through it by Node's own stream
 * plumbing: not the module's code, whose fast path (one page made ahead, the JSON spliced in)
 * is what is under test.
 */
function formatterOwnPage(messages: readonly Envelope[]): Promise<string> {
  return text(Readable.from(messages).pipe(new CucumberHtmlStream()));
}

describe('cucumber.html is the formatter\'s own page', () => {
  const failed = (message: string) => ({ status: 'FAILED' as const, exception: { type: 'AssertionError', message } });
  // A message that holds `</script>` and `<!--`: only the formatter's escaping keeps them inside its script element.
  const envelopes = envelopesFor([
    { id: 'errors-ref', rules: ['errors.body'], steps: [{ status: 'PASSED' }, failed('got </script><script>alert(1)</script> and <!-- -->')] },
    { id: 'named-ok', rules: ['named.name'], steps: [{ status: 'PASSED', text: 'a step with "quotes", \\ and \u2028' }] },
    { id: 'params-must', rules: ['params.constraint-regex'], steps: [failed('expected 404, got 200'), { status: 'SKIPPED' }] },
  ]);

  it('byte for byte, for the messages as they are and with no message at all', async () => {
    assert.equal(await renderCucumberHtml(envelopes), await formatterOwnPage(envelopes));
    assert.equal(await renderCucumberHtml([]), await formatterOwnPage([]));
  });

  it('with a verdict, the messages it changes shown as it counts them, under its banner', async () => {
    const report = reportOf([refFails(), mustPasses(), mustFails()], 'fails');
    const expected = withBanner(await formatterOwnPage(informativeEnvelopes(envelopes, report)), report);
    assert.equal(await renderCucumberHtml(envelopes, report), expected);
    assert.ok(!expected.includes('</script><script>alert(1)'), 'the formatter escapes what a message holds');
  });
});

describe('conformance.html: the failures heading counts what the verdict counts', () => {
  it('a must failure under "Failures (1)", a reference-level one under "Not counted (1)", after it', () => {
    const report = reportOf([refFails(), mustPasses(), mustFails()], 'fails');
    const html = renderHtml(report);
    assert.equal(countedFailures(report).size, 1);
    assert.match(html, /<h2 id="failures">Failures \(1\)<\/h2>/);
    assert.match(html, /<h2 id="not-counted">Not counted \(1\)<\/h2>/);
    assert.match(html, /<a href="#failures">Failures \(1\)<\/a><a href="#not-counted">Not counted \(1\)<\/a>/);
    const failures = html.slice(html.indexOf('<h2 id="failures">'), html.indexOf('<h2 id="not-counted">'));
    const rest = html.slice(html.indexOf('<h2 id="not-counted">'));
    assert.ok(failures.includes('id="sc-params-must"') && !failures.includes('id="sc-errors-ref"'));
    assert.ok(rest.includes('id="sc-errors-ref"'));
  });
});
