import { counts as levelCounts } from '../model/levels';
import { isBad } from '../model/status';
import type { ConformanceReport, ReportScenario } from './model';

/**
 * Which scenario results count against the implementation, in the verdict's own terms
 * (run/verdict.ts): the verdict reads must and implied rules, and a rule reads only the evidence in
 * its `outcomes`. So a scenario's failure counts when a must or implied rule holds it as a failed,
 * errored or timed-out outcome. Everything else that did not pass is informative: reference-level
 * results (the reference's choices where the spec says "not shown"), results blocked by a root cause
 * charged elsewhere, and anything no counted rule holds. The scenario-level renderers (junit.xml,
 * cucumber.html) ask this, so that their failure counts never say more than the verdict does.
 */
export interface Standing {
  /** The scenario's non-passing result is charged to a must or implied rule. */
  counted: boolean;
  /** Why a result that did not pass does not count (absent for a counted or passing one). */
  note?: string;
}

type Source = Pick<ConformanceReport, 'rules' | 'scenarios'>;

/** The ids of scenarios whose failures a must or implied rule is charged with. */
export function countedFailures(report: Source): Set<string> {
  const ids = new Set<string>();
  for (const rule of report.rules) {
    if (!levelCounts(rule.level)) continue;
    for (const o of rule.outcomes) if (isBad(o.status)) ids.add(o.scenario);
  }
  return ids;
}

/** The standing of every scenario of the report, by id. */
export function standings(report: Source): Map<string, Standing> {
  const counted = countedFailures(report);
  const chargedTo = new Map<string, string[]>();
  for (const rule of report.rules) {
    for (const o of rule.outcomes) if (isBad(o.status)) chargedTo.set(o.scenario, [...(chargedTo.get(o.scenario) ?? []), rule.id]);
  }
  return new Map(report.scenarios.map((s) => [s.id, standingOf(s, counted.has(s.id), chargedTo.get(s.id) ?? [])]));
}

function standingOf(s: ReportScenario, counted: boolean, chargedTo: string[]): Standing {
  if (counted) return { counted: true };
  if (s.status === 'passed') return { counted: false };
  if (s.status === 'blocked') return { counted: false, note: `not counted: blocked by ${s.blockedBy ?? 'a root cause'}, which is charged instead` };
  if (s.status === 'unsupported' || s.status === 'skipped') return { counted: false, note: `not counted: ${s.status}` };
  if (s.level === 'reference') {
    return { counted: false, note: 'not counted: reference level (the reference\'s choice where the spec says "not shown"; reported, never counted)' };
  }
  // A must or implied scenario whose failure the attribution charged to reference-level rules only.
  return { counted: false, note: chargedTo.length > 0 ? `not counted: charged to the reference-level rule(s) ${chargedTo.join(', ')} only` : 'not counted: no must or implied rule is charged with it' };
}

/** Scenarios that failed (or were blocked) without counting: what the renderers show as informative. */
export function uncountedFailures(report: Source): ReportScenario[] {
  const counted = countedFailures(report);
  return report.scenarios.filter((s) => (isBad(s.status) || s.status === 'blocked') && !counted.has(s.id));
}
