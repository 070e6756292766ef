import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { standings, type Standing } from './counted';
import type { ConformanceReport, ReportScenario } from './model';
import { verdictWords } from './words';

/**
 * junit.xml, built here rather than by cucumber's formatter so that it carries the suite's own
 * statuses and never says more than the verdict (docs/reports.md, "junit.xml"):
 * - a first testsuite, `fw-conformance verdict`, with one testcase that fails exactly when the
 *   verdict is `fails` (an incomplete run, a rule not run: failures no scenario shows);
 * - then one testsuite per feature file, suites with counted failures first; in each, counted
 *   failures first. A failure a must or implied rule is charged with is a <failure> (failed) or an
 *   <error> (errored, timed-out); one that does not count (reference level, blocked by a root
 *   cause charged elsewhere) is <skipped> with why and its message, like unsupported and skipped.
 * The testcase name starts with the scenario id.
 */
export function renderJunit(report: ConformanceReport): string {
  const standing = standings(report);
  const kind = (s: ReportScenario) => junitKind(s, standing.get(s.id) ?? { counted: false });
  const byFeature = new Map<string, ReportScenario[]>();
  for (const s of report.scenarios) {
    const file = s.feature.replace(/:\d+$/, '');
    byFeature.set(file, [...(byFeature.get(file) ?? []), s]);
  }
  const count = (list: readonly ReportScenario[], k: Kind) => list.filter((s) => kind(s) === k).length;
  const all = report.scenarios;
  const verdictFails = report.verdict === 'fails';
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('testsuites', {
    name: 'fw-conformance',
    tests: all.length + 1,
    failures: count(all, 'failure') + (verdictFails ? 1 : 0),
    errors: count(all, 'error'),
    skipped: count(all, 'skipped'),
    time: seconds(report.timing.wallMs),
  });
  verdictSuite(root, report);
  const suites = [...byFeature].map(([file, scenarios]) => ({ file, scenarios: [...counted(scenarios, kind), ...notCounted(scenarios, kind)] }));
  // Suites with counted failures first, each group in feature order.
  const failing = (x: { scenarios: ReportScenario[] }) => x.scenarios.some((s) => isCounted(kind(s)));
  for (const { file, scenarios } of [...suites.filter(failing), ...suites.filter((x) => !failing(x))]) {
    const suite = root.ele('testsuite', {
      name: file,
      tests: scenarios.length,
      failures: count(scenarios, 'failure'),
      errors: count(scenarios, 'error'),
      skipped: count(scenarios, 'skipped'),
      time: seconds(scenarios.reduce((t, s) => t + s.durationMs, 0)),
    });
    for (const s of scenarios) testcase(suite, file, s, kind(s), standing.get(s.id));
  }
  return root.end({ prettyPrint: true });
}

type Kind = 'failure' | 'error' | 'skipped' | 'passed';

function junitKind(s: ReportScenario, standing: Standing): Kind {
  if (s.status === 'passed') return 'passed';
  if (standing.counted) return s.status === 'errored' || s.status === 'timed-out' ? 'error' : 'failure';
  return 'skipped';
}

const isCounted = (k: Kind) => k === 'failure' || k === 'error';
const counted = (list: readonly ReportScenario[], kind: (s: ReportScenario) => Kind) => list.filter((s) => isCounted(kind(s)));
const notCounted = (list: readonly ReportScenario[], kind: (s: ReportScenario) => Kind) => list.filter((s) => !isCounted(kind(s)));

/** The verdict as a test: CI test tabs show the run's headline next to the scenarios. */
function verdictSuite(root: XMLBuilder, report: ConformanceReport): void {
  const fails = report.verdict === 'fails';
  const { passed, total, percent } = report.summary.conformance;
  const headline = `${verdictWords(report).title}: ${passed}/${total} must + implied rules pass (${percent}%)`;
  const suite = root.ele('testsuite', { name: 'fw-conformance verdict', tests: 1, failures: fails ? 1 : 0, errors: 0, skipped: 0, time: seconds(report.timing.wallMs) });
  const props = suite.ele('properties');
  props.ele('property', { name: 'verdict', value: report.verdict });
  props.ele('property', { name: 'conformance', value: `${passed}/${total} (${percent}%)` });
  props.ele('property', { name: 'gate', value: `${report.gate.pass ? 'pass' : 'fail'}: ${clean(report.gate.reason)}` });
  const tc = suite.ele('testcase', { classname: 'fw-conformance', name: `verdict: ${headline}`, time: seconds(report.timing.wallMs) });
  const reason = clean(report.verdictReason);
  if (fails) tc.ele('failure', { message: reason.split('\n')[0] ?? '', type: 'verdict' }).txt(reason);
  else tc.ele('system-out').txt(reason);
}

function testcase(suite: XMLBuilder, file: string, s: ReportScenario, kind: Kind, standing: Standing | undefined): void {
  const tc = suite.ele('testcase', { classname: file, name: `${s.id}: ${s.name}`, file: s.feature, time: seconds(s.durationMs) });
  const props = tc.ele('properties');
  props.ele('property', { name: 'level', value: s.level });
  props.ele('property', { name: 'status', value: s.status });
  // Whether a result that did not pass is charged to a must or implied rule (docs/reports.md).
  if (s.status !== 'passed') props.ele('property', { name: 'counted', value: String(standing?.counted ?? false) });
  for (const rule of s.rules) props.ele('property', { name: 'rule', value: rule });
  const message = clean(s.message ?? '');
  const firstLine = message.split('\n')[0] ?? '';
  if (kind === 'failure') tc.ele('failure', { message: firstLine, type: 'failed' }).txt(message);
  else if (kind === 'error') tc.ele('error', { message: firstLine, type: s.status }).txt(message);
  else if (kind === 'skipped') {
    // Unsupported and skipped say so themselves; a failure that does not count says why first.
    const why = s.status === 'unsupported' || s.status === 'skipped' || standing?.note === undefined ? s.status : `${s.status}, ${standing.note}`;
    const skipped = tc.ele('skipped', { message: `${why}: ${firstLine}` });
    if (message.includes('\n')) skipped.txt(message);
  }
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** XML 1.0 cannot carry most control characters, even escaped. */
function clean(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
