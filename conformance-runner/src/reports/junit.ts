import XMLBuilder from 'fast-xml-builder';
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
 *
 * The document is built as plain objects and written by fast-xml-builder (fast-xml-parser's
 * builder), which escapes text and attribute values. xmlbuilder2 built a DOM first: it cost more
 * than any other report (0.2 s of the run's end, and 0.15 s to load).
 */
export function renderJunit(report: ConformanceReport): string {
  const standing = standings(report);
  const kind = (s: ReportScenario) => junitKind(s, standing.get(s.id) ?? { counted: false });
  const byFeature = new Map<string, ReportScenario[]>();
  for (const s of report.scenarios) {
    const file = s.feature.replace(/:\d+$/, '');
    const list = byFeature.get(file);
    if (list === undefined) byFeature.set(file, [s]);
    else list.push(s);
  }
  const count = (list: readonly ReportScenario[], k: Kind) => list.filter((s) => kind(s) === k).length;
  const all = report.scenarios;
  const verdictFails = report.verdict === 'fails';
  const suites = [...byFeature].map(([file, scenarios]) => ({ file, scenarios: [...counted(scenarios, kind), ...notCounted(scenarios, kind)] }));
  // Suites with counted failures first, each group in feature order.
  const failing = (x: { scenarios: ReportScenario[] }) => x.scenarios.some((s) => isCounted(kind(s)));
  const testsuites: XmlElement = {
    '@_name': 'fw-conformance',
    '@_tests': all.length + 1,
    '@_failures': count(all, 'failure') + (verdictFails ? 1 : 0),
    '@_errors': count(all, 'error'),
    '@_skipped': count(all, 'skipped'),
    '@_time': seconds(report.timing.wallMs),
    testsuite: [
      verdictSuite(report),
      ...[...suites.filter(failing), ...suites.filter((x) => !failing(x))].map(({ file, scenarios }) => ({
        '@_name': file,
        '@_tests': scenarios.length,
        '@_failures': count(scenarios, 'failure'),
        '@_errors': count(scenarios, 'error'),
        '@_skipped': count(scenarios, 'skipped'),
        '@_time': seconds(scenarios.reduce((t, s) => t + s.durationMs, 0)),
        testcase: scenarios.map((s) => testcase(file, s, kind(s), standing.get(s.id))),
      })),
    ],
  };
  return XML.build({ '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' }, testsuites });
}

/** An element: attributes are `@_`-prefixed keys, text is `#text`, children are the other keys (in order). */
interface XmlElement { [key: string]: string | number | XmlElement | XmlElement[] }

const XML = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', format: true, indentBy: '  ', suppressEmptyNode: true, suppressBooleanAttributes: false, processEntities: true });

const property = (name: string, value: string): XmlElement => ({ '@_name': name, '@_value': value });

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
function verdictSuite(report: ConformanceReport): XmlElement {
  const fails = report.verdict === 'fails';
  const { passed, total, percent } = report.summary.conformance;
  const headline = `${verdictWords(report).title}: ${passed}/${total} must + implied rules pass (${percent}%)`;
  const reason = clean(report.verdictReason);
  const tc: XmlElement = { '@_classname': 'fw-conformance', '@_name': `verdict: ${headline}`, '@_time': seconds(report.timing.wallMs) };
  if (fails) tc.failure = { '@_message': reason.split('\n')[0] ?? '', '@_type': 'verdict', '#text': reason };
  else tc['system-out'] = { '#text': reason };
  return {
    '@_name': 'fw-conformance verdict', '@_tests': 1, '@_failures': fails ? 1 : 0, '@_errors': 0, '@_skipped': 0, '@_time': seconds(report.timing.wallMs),
    properties: {
      property: [
        property('verdict', report.verdict),
        property('conformance', `${passed}/${total} (${percent}%)`),
        property('gate', `${report.gate.pass ? 'pass' : 'fail'}: ${clean(report.gate.reason)}`),
      ],
    },
    testcase: tc,
  };
}

function testcase(file: string, s: ReportScenario, kind: Kind, standing: Standing | undefined): XmlElement {
  const props = [property('level', s.level), property('status', s.status)];
  // Whether a result that did not pass is charged to a must or implied rule (docs/reports.md).
  if (s.status !== 'passed') props.push(property('counted', String(standing?.counted ?? false)));
  for (const rule of s.rules) props.push(property('rule', rule));
  const tc: XmlElement = { '@_classname': file, '@_name': `${s.id}: ${s.name}`, '@_file': s.feature, '@_time': seconds(s.durationMs), properties: { property: props } };
  const message = clean(s.message ?? '');
  const firstLine = message.split('\n')[0] ?? '';
  if (kind === 'failure') tc.failure = { '@_message': firstLine, '@_type': 'failed', '#text': message };
  else if (kind === 'error') tc.error = { '@_message': firstLine, '@_type': s.status, '#text': message };
  else if (kind === 'skipped') {
    // Unsupported and skipped say so themselves; a failure that does not count says why first.
    const why = s.status === 'unsupported' || s.status === 'skipped' || standing?.note === undefined ? s.status : `${s.status}, ${standing.note}`;
    tc.skipped = { '@_message': `${why}: ${firstLine}`, ...(message.includes('\n') ? { '#text': message } : {}) };
  }
  return tc;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** XML 1.0 cannot carry most control characters, even escaped. */
function clean(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
