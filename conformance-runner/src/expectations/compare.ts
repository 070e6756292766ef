import { counts as levelCounts, type Level } from '../run/levels';
import type { RuleResult, ScenarioResult } from '../run/results';
import { isBad, type Status } from '../run/status';
import type { Expectation, ExpectationsFile } from './types';

export type MismatchKind = 'regression' | 'unexpected-pass' | 'changed';

export interface Mismatch {
  id: string;
  kind: MismatchKind;
  /** `passed` when the id is not in the expectations file. */
  expected: Status;
  actual: Status;
  level: Level;
  /** The expectation's reason, or the failure's message for a regression. */
  reason?: string;
}

export interface Comparison {
  /** Expectations whose id got exactly the expected status. */
  matched: number;
  mismatches: Mismatch[];
  /** Expected ids known to the suite but not selected in this run (ignored). */
  notRun: string[];
  /** Expected ids that name no scenario and no rule of the suite (stale entries). */
  unknown: string[];
  /** Expected ids of reference-level results (they never affect the verdict; ignored). */
  informative: string[];
}

/**
 * Compares a run with an expectations file. Entries may name scenarios or rules; a rule entry
 * covers the failures of all its scenarios. Mismatches, all of which fail the run:
 * - regression: a must/implied scenario (or rule) is failed/errored/timed-out and no entry says
 *   so, or an entry expects a different bad status;
 * - unexpected-pass: an entry expects a failure but the result passed (update the file);
 * - changed: an entry expects a failure, the result is now unsupported or skipped.
 * A must/implied rule none of whose scenarios ran (status skipped) is a regression unless expected.
 */
export function compareWithExpectations(
  expectations: ExpectationsFile,
  rules: RuleResult[],
  scenarios: ScenarioResult[],
  knownIds: Set<string>,
): Comparison {
  const expected = new Map(expectations.expected.map((e) => [e.id, e]));
  const scenarioById = new Map(scenarios.map((s) => [s.id, s]));
  const ruleById = new Map(rules.map((r) => [r.id, r]));
  const out: Comparison = { matched: 0, mismatches: [], notRun: [], unknown: [], informative: [] };
  const reported = new Set<string>();
  const mismatch = (m: Mismatch) => {
    out.mismatches.push(m);
    reported.add(m.id);
  };

  for (const e of expectations.expected) {
    const item = scenarioById.get(e.id) ?? ruleById.get(e.id);
    if (!item) {
      (knownIds.has(e.id) ? out.notRun : out.unknown).push(e.id);
      continue;
    }
    if (!levelCounts(item.level)) {
      out.informative.push(e.id);
      continue;
    }
    if (item.status === e.status) out.matched += 1;
    else if (item.status === 'passed') mismatch({ id: e.id, kind: 'unexpected-pass', expected: e.status, actual: item.status, level: item.level, reason: e.reason });
    else if (isBad(item.status)) mismatch({ id: e.id, kind: 'regression', expected: e.status, actual: item.status, level: item.level, reason: messageOf(item) ?? e.reason });
    else mismatch({ id: e.id, kind: 'changed', expected: e.status, actual: item.status, level: item.level, reason: messageOf(item) ?? e.reason });
  }

  const coveredByRule = (s: ScenarioResult) => s.rules.some((id) => {
    const rule = ruleById.get(id);
    const e = expected.get(id);
    return rule !== undefined && e !== undefined && levelCounts(rule.level) && e.status === rule.status;
  });
  for (const s of scenarios) {
    if (!levelCounts(s.level) || !isBad(s.status) || expected.has(s.id) || coveredByRule(s)) continue;
    mismatch({ id: s.id, kind: 'regression', expected: 'passed', actual: s.status, level: s.level, reason: s.message });
  }
  // Not caught above: a bad rule decided only by reference-level scenarios (see aggregateRules),
  // and a rule none of whose scenarios ran (undefined steps...), unless the file expects that.
  for (const r of rules) {
    if (!levelCounts(r.level) || !(isBad(r.status) || r.status === 'skipped') || expected.has(r.id)) continue;
    const bad = r.counted.map((id) => scenarioById.get(id)).filter((s): s is ScenarioResult => s !== undefined && s.status === r.status);
    const explained = bad.every((s) => reported.has(s.id) || expectedStatus(expected.get(s.id)) === s.status);
    if (!explained) mismatch({ id: r.id, kind: 'regression', expected: 'passed', actual: r.status, level: r.level, reason: bad[0]?.message });
  }
  return out;
}

function expectedStatus(e: Expectation | undefined): Status {
  return e?.status ?? 'passed';
}

function messageOf(item: ScenarioResult | RuleResult): string | undefined {
  return 'message' in item ? item.message : undefined;
}
