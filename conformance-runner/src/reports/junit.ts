import { create } from 'xmlbuilder2';
import type { ConformanceReport } from './model';

/**
 * junit.xml, built here rather than by cucumber's formatter so that it carries the suite's own
 * statuses: failed → <failure>, errored and timed-out → <error>, blocked, unsupported and skipped
 * → <skipped> (a blocked scenario's failure is charged to the rule that blocks it). One testsuite per feature file; the testcase name starts with the scenario id.
 */
export function renderJunit(report: ConformanceReport): string {
  const byFeature = new Map<string, ConformanceReport['scenarios']>();
  for (const s of report.scenarios) {
    const file = s.feature.replace(/:\d+$/, '');
    byFeature.set(file, [...(byFeature.get(file) ?? []), s]);
  }
  const count = (list: ConformanceReport['scenarios'], ...statuses: string[]) => list.filter((s) => statuses.includes(s.status)).length;
  const all = report.scenarios;
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('testsuites', {
    name: 'fw-conformance',
    tests: all.length,
    failures: count(all, 'failed'),
    errors: count(all, 'errored', 'timed-out'),
    skipped: count(all, 'blocked', 'unsupported', 'skipped'),
    time: seconds(report.timing.wallMs),
  });
  for (const [file, scenarios] of byFeature) {
    const suite = root.ele('testsuite', {
      name: file,
      tests: scenarios.length,
      failures: count(scenarios, 'failed'),
      errors: count(scenarios, 'errored', 'timed-out'),
      skipped: count(scenarios, 'blocked', 'unsupported', 'skipped'),
      time: seconds(scenarios.reduce((t, s) => t + s.durationMs, 0)),
    });
    for (const s of scenarios) {
      const tc = suite.ele('testcase', { classname: file, name: `${s.id}: ${s.name}`, file: s.feature, time: seconds(s.durationMs) });
      const props = tc.ele('properties');
      props.ele('property', { name: 'level', value: s.level });
      props.ele('property', { name: 'status', value: s.status });
      for (const rule of s.rules) props.ele('property', { name: 'rule', value: rule });
      const message = clean(s.message ?? '');
      const firstLine = message.split('\n')[0] ?? '';
      if (s.status === 'failed') tc.ele('failure', { message: firstLine, type: 'failed' }).txt(message);
      else if (s.status === 'errored' || s.status === 'timed-out') tc.ele('error', { message: firstLine, type: s.status }).txt(message);
      else if (s.status === 'blocked' || s.status === 'unsupported' || s.status === 'skipped') tc.ele('skipped', { message: `${s.status}: ${firstLine}` });
    }
  }
  return root.end({ prettyPrint: true });
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** XML 1.0 cannot carry most control characters, even escaped. */
function clean(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
