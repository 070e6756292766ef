import { describeFrameworkError } from '../protocol/frameworkError';
import type { ConformanceReport, FailureWords, ReportScenario } from './model';

/** How every report names the verdict, so the console, Markdown, HTML and badge agree. */
export function verdictWords(report: Pick<ConformanceReport, 'verdict' | 'complete'>): { title: string; icon: string; css: string } {
  if (!report.complete) return { title: 'INCOMPLETE', icon: '⚠️', css: 'fails' };
  switch (report.verdict) {
    case 'conforms': return { title: 'CONFORMS', icon: '✅', css: 'conforms' };
    case 'partial': return { title: 'PARTIAL', icon: '🟡', css: 'partial' };
    default: return { title: 'FAILS', icon: '❌', css: 'fails' };
  }
}

/** A root cause's stderr lines in reports: the first few say what broke, the rest is in its scenario. */
const ROOT_OUTPUT_LINES = 6;

/**
 * Every root cause with its first failure in the framework's own words (FailureWords): the
 * framework's error behind the failing answer (X-Fw-Exception), what the adapter wrote to stderr
 * meanwhile, and why the expectations file expects it. Computed when reports are written, from
 * what the report already holds, so every format shows the same words.
 */
export function withFailureWords(report: ConformanceReport): ConformanceReport {
  const byId = new Map(report.scenarios.map((s) => [s.id, s]));
  const reasons = new Map((report.expectations?.reasons ?? []).map((r) => [r.rule, r]));
  return {
    ...report,
    rootCauses: report.rootCauses.map((r) => {
      const first = r.failing.map((id) => byId.get(id)).find((s) => s !== undefined);
      const reason = reasons.get(r.rule);
      const words: FailureWords = {
        scenario: first?.id ?? null,
        frameworkError: first ? frameworkErrorIn(first) : null,
        adapterOutput: first?.adapterOutput ? first.adapterOutput.slice(0, ROOT_OUTPUT_LINES) : null,
        expected: reason ? { reason: reason.reason ?? null, issue: reason.issue ?? null } : null,
      };
      return { ...r, words };
    }),
  };
}

/**
 * The framework's error a scenario's answers carry, `Class: message at file:line`: the last 5xx
 * that carries one (the answer a failure is about comes last), else the last answer that does.
 */
export function frameworkErrorIn(scenario: Pick<ReportScenario, 'exchanges'>): string | null {
  const carrying = (scenario.exchanges ?? []).filter((x) => x.frameworkError !== undefined);
  const chosen = carrying.filter((x) => (x.status ?? 0) >= 500).at(-1) ?? carrying.at(-1);
  return chosen?.frameworkError ? describeFrameworkError(chosen.frameworkError) : null;
}
