import { counts as levelCounts, type Level } from '../run/levels';
import type { RuleResult, ScenarioResult } from '../run/results';
import { isBad, type Status } from '../run/status';
import type { ExpectationsFile } from './types';

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

export interface ProfileComparison {
  recorded: string[];
  declared: string[];
  status: 'matches' | 'differs';
  message: string;
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
  /** The recorded profile against the declared capabilities; absent when the file records none. */
  profile?: ProfileComparison;
}

/**
 * Compares a run with an expectations file, rule by rule (docs/reports.md, "Expectations").
 * Mismatches, all of which fail the gate:
 * - regression: a must/implied rule is failed/errored/timed-out and no entry says so, or an entry
 *   expects a different bad status; a rule selected but not run (skipped) unless expected;
 * - unexpected-pass: an entry expects a failure but the result passed (update the file);
 * - changed: an entry expects a failure, the result is now blocked, unsupported or skipped.
 * Blocked rules need no entry: the rule that blocks them is charged (and expected, or a regression).
 * Scenario entries are compared with the scenario's status the same way; a bad rule whose charged
 * failures all have scenario entries needs no rule entry.
 */
export function compareWithExpectations(
  expectations: ExpectationsFile,
  rules: RuleResult[],
  scenarios: ScenarioResult[],
  knownIds: Set<string>,
  declared?: readonly string[],
): Comparison {
  const expected = new Map(expectations.expected.map((e) => [e.id, e]));
  const scenarioById = new Map(scenarios.map((s) => [s.id, s]));
  const ruleById = new Map(rules.map((r) => [r.id, r]));
  const out: Comparison = { matched: 0, mismatches: [], notRun: [], unknown: [], informative: [] };

  for (const e of expectations.expected) {
    const item = ruleById.get(e.id) ?? scenarioById.get(e.id);
    if (!item) {
      (knownIds.has(e.id) ? out.notRun : out.unknown).push(e.id);
      continue;
    }
    if (!levelCounts(item.level)) {
      out.informative.push(e.id);
      continue;
    }
    const reason = e.reason;
    if (item.status === e.status) out.matched += 1;
    else if (item.status === 'passed') out.mismatches.push({ id: e.id, kind: 'unexpected-pass', expected: e.status, actual: item.status, level: item.level, reason });
    else if (isBad(item.status)) out.mismatches.push({ id: e.id, kind: 'regression', expected: e.status, actual: item.status, level: item.level, reason: messageOf(item, scenarioById) ?? reason });
    else out.mismatches.push({ id: e.id, kind: 'changed', expected: e.status, actual: item.status, level: item.level, reason: messageOf(item, scenarioById) ?? reason });
  }

  for (const r of rules) {
    if (!levelCounts(r.level) || !(isBad(r.status) || r.status === 'skipped') || expected.has(r.id)) continue;
    const charged = r.outcomes.filter((o) => o.status === r.status);
    const explained = r.status !== 'skipped' && charged.length > 0 && charged.every((o) => expected.get(o.scenario)?.status === scenarioById.get(o.scenario)?.status);
    if (!explained) out.mismatches.push({ id: r.id, kind: 'regression', expected: 'passed', actual: r.status, level: r.level, reason: charged[0]?.message ?? (r.status === 'skipped' ? 'none of its scenarios ran' : undefined) });
  }

  if (expectations.profile !== undefined && declared !== undefined) {
    const recorded = [...expectations.profile].sort();
    const now = [...declared].sort();
    const dropped = recorded.filter((c) => !now.includes(c));
    const added = now.filter((c) => !recorded.includes(c));
    out.profile = {
      recorded: expectations.profile, declared: [...declared],
      status: dropped.length + added.length === 0 ? 'matches' : 'differs',
      message: dropped.length + added.length === 0 ? 'the target declares the recorded profile'
        : [dropped.length > 0 ? `the target no longer declares ${dropped.join(', ')}` : '', added.length > 0 ? `the target now declares ${added.join(', ')}: update the expectations file` : '']
          .filter((x) => x !== '').join('; '),
    };
  }
  return out;
}

function messageOf(item: ScenarioResult | RuleResult, scenarios: Map<string, ScenarioResult>): string | undefined {
  if ('message' in item) return item.message;
  const first = item.outcomes.find((o) => o.status === item.status);
  return first?.message ?? scenarios.get(first?.scenario ?? '')?.message;
}
