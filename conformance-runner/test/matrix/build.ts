import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ConformanceReport } from '../../src/reports/model';
import type { LoadedReport } from '../../src/reports/read';
import { counts as levelCounts, LEVELS } from '../../src/model/levels';
import { countStatuses, isBad, type Status } from '../../src/model/status';
import { tempDir } from '../tempDirs';

/*
 * Reports for the matrix and diff tests, made from one small slice of a real report
 * (fixtures/laravel-slice.json: ten rules of the Laravel adapter's run, see fixtures/derive.ts),
 * changed rule by rule and then recounted, so that every figure agrees with the rules.
 */

export const FIXTURE = path.join(__dirname, 'fixtures', 'laravel-slice.json');
export const XSS = '<script>alert("x")</script>';

/** A fresh copy of the slice: Laravel 8.83.26, 10 rules, url.path failing and blocking named.name. */
export function sliceReport(): ConformanceReport {
  return JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as ConformanceReport;
}

export function loaded(file: string, report: ConformanceReport): LoadedReport {
  return { file, report };
}

export function implementation(report: ConformanceReport, name: string, version: string, language = 'PHP'): ConformanceReport {
  report.implementation = { name, version, language };
  return report;
}

/**
 * Sets a rule's status, and the same status on its scenarios that are about it alone (so that a
 * scenario-level diff follows), with a message for statuses that carry one.
 */
export function setRule(report: ConformanceReport, id: string, status: Status, options: { blockedBy?: string; message?: string } = {}): ConformanceReport {
  const rule = report.rules.find((r) => r.id === id);
  if (!rule) throw new Error(`no rule ${id} in the test report`);
  const message = status === 'passed' ? undefined : options.message ?? `${id} ${status} in this test`;
  rule.status = status;
  rule.blockedBy = status === 'blocked' ? [options.blockedBy ?? 'url.path'] : [];
  rule.outcomes = rule.counted.map((scenario) => ({
    scenario, status,
    ...(status === 'blocked' ? { blockedBy: options.blockedBy ?? 'url.path' } : {}),
    ...(message !== undefined ? { message } : {}),
  }));
  for (const s of report.scenarios) {
    if (s.rules.length === 1 && s.rules[0] === id) {
      s.status = status;
      s.message = message ?? null;
      s.blockedBy = status === 'blocked' ? options.blockedBy ?? 'url.path' : null;
    }
  }
  return recount(report);
}

/** Removes a rule and the scenarios that are about it alone (another catalog, or a narrowed run). */
export function dropRule(report: ConformanceReport, id: string): ConformanceReport {
  report.rules = report.rules.filter((r) => r.id !== id);
  report.scenarios = report.scenarios.filter((s) => !(s.rules.length === 1 && s.rules[0] === id));
  report.rootCauses = report.rootCauses.filter((r) => r.rule !== id);
  return recount(report);
}

/** The capabilities the target declares; every other capability of the full profile is missing. */
export function declare(report: ConformanceReport, declared: string[]): ConformanceReport {
  const all = [...report.profile.declared, ...report.profile.missing];
  report.capabilities = declared;
  report.profile.declared = all.filter((c) => declared.includes(c)) as typeof report.profile.declared;
  report.profile.missing = all.filter((c) => !declared.includes(c)) as typeof report.profile.missing;
  report.profile.full = report.profile.missing.length === 0;
  return recount(report);
}

/** Recomputes the summary, the untested rules, the verdict and the gate from the rules and scenarios. */
export function recount(report: ConformanceReport): ConformanceReport {
  for (const [what, items] of [['rules', report.rules], ['scenarios', report.scenarios]] as const) {
    const byLevel = Object.fromEntries(LEVELS.map((l) => [l, countStatuses(items.filter((i) => i.level === l).map((i) => i.status))]));
    report.summary[what] = { byStatus: countStatuses(items.map((i) => i.status)), byLevel: byLevel as ConformanceReport['summary']['rules']['byLevel'] };
  }
  const counted = report.rules.filter((r) => levelCounts(r.level));
  const passed = counted.filter((r) => r.status === 'passed').length;
  report.summary.conformance = { passed, total: counted.length, percent: counted.length === 0 ? 0 : Math.round((passed / counted.length) * 1000) / 10 };
  report.profile.untested = counted.filter((r) => r.status === 'unsupported').map((r) => r.id);
  const failing = counted.some((r) => isBad(r.status) || r.status === 'blocked' || r.status === 'skipped');
  report.verdict = !report.complete || failing ? 'fails' : report.profile.full && report.profile.untested.length === 0 ? 'conforms' : 'partial';
  report.verdictReason = `${report.verdict}: recounted by the test builder`;
  report.gate = { pass: report.verdict === 'conforms', reason: report.verdict === 'conforms' ? 'the implementation conforms' : 'must or implied rules do not pass' };
  return report;
}

/** Writes `report` as NAME into a fresh temporary directory; returns the directory and the file. */
export function writeTemp(files: Record<string, unknown>): string {
  const dir = tempDir('fw-matrix-test-');
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}
