import { counts as levelCounts, type Level } from '../model/levels';
import type { RuleResult, ScenarioResult } from '../model/results';
import { isBad, type Status } from '../model/status';
import { recorded, resultKey, runResults, type RunResult } from './results';
import type { ExpectationsFile, ExpectedResult } from './types';

export type MismatchKind = 'regression' | 'unexpected-pass' | 'changed';

export interface Mismatch {
  /** `<rule> › <scenario>`. */
  id: string;
  rule: string;
  scenario: string;
  kind: MismatchKind;
  /** `passed` when the result is not in the expectations file. */
  expected: Status;
  actual: Status;
  level: Level;
  /** What differs, in words (a new failure, another blocker, new property signatures...). */
  detail: string;
  /** The expectation's reason, or the failure's message for a new failure. */
  reason?: string;
}

export interface ProfileComparison {
  recorded: string[];
  declared: string[];
  status: 'matches' | 'differs';
  message: string;
}

export interface Comparison {
  /** Expected results the run got exactly (status, blocker, signatures). */
  matched: number;
  mismatches: Mismatch[];
  /** Expected rules or scenarios known to the suite but not selected in this run (ignored). */
  notRun: string[];
  /** Expected rules or scenarios that the suite does not know (stale entries). */
  unknown: string[];
  /** Expected rules of reference level (they never affect the verdict; ignored). */
  informative: string[];
  /** The recorded profile against the declared capabilities; absent when the file records none. */
  profile?: ProfileComparison;
  /**
   * The file's reason (and issue) for every counted rule it lists and the run selected, so that
   * reports show why a failure is expected next to it. Absent in reports written before.
   */
  reasons?: RuleReason[];
}

/** Why the expectations file expects a rule's failures. */
export interface RuleReason {
  rule: string;
  reason?: string;
  issue?: string;
}

/**
 * Compares a run with an expectations file result by result (docs/reports.md, "Expectations").
 * Every difference fails the gate:
 * - regression: a counted result that is not passing and that the file does not list (a new
 *   failure, a newly blocked result, a new failing scenario inside an expected rule), or a listed
 *   result now worse (blocked or skipped → failed);
 * - changed: a listed result with another status, another blocker, or other property signatures;
 * - unexpected-pass: a listed result that now passes (update the file).
 */
export function compareWithExpectations(
  expectations: ExpectationsFile,
  rules: RuleResult[],
  scenarios: ScenarioResult[],
  knownIds: Set<string>,
  declared?: readonly string[],
): Comparison {
  const out: Comparison = { matched: 0, mismatches: [], notRun: [], unknown: [], informative: [] };
  const actual = runResults(rules);
  const ruleById = new Map(rules.map((r) => [r.id, r]));
  const selected = new Set(scenarios.map((s) => s.id));
  const listed = new Set<string>();

  for (const entry of expectations.rules) {
    const rule = ruleById.get(entry.rule);
    if (rule === undefined) {
      (knownIds.has(entry.rule) ? out.notRun : out.unknown).push(entry.rule);
      continue;
    }
    if (!levelCounts(rule.level)) {
      out.informative.push(entry.rule);
      continue;
    }
    if (entry.reason !== undefined || entry.issue !== undefined) {
      (out.reasons ??= []).push({ rule: entry.rule, ...(entry.reason !== undefined ? { reason: entry.reason } : {}), ...(entry.issue !== undefined ? { issue: entry.issue } : {}) });
    }
    for (const x of entry.results) {
      const key = resultKey(entry.rule, x.scenario);
      listed.add(key);
      if (!selected.has(x.scenario)) {
        (knownIds.has(x.scenario) ? out.notRun : out.unknown).push(key);
        continue;
      }
      const a = actual.get(key);
      const base = { id: key, rule: entry.rule, scenario: x.scenario, expected: x.status, level: rule.level };
      if (a === undefined || a.status === 'passed') {
        out.mismatches.push({ ...base, kind: 'unexpected-pass', actual: 'passed', detail: 'now passes', ...(entry.reason !== undefined ? { reason: entry.reason } : {}) });
        continue;
      }
      const detail = difference(x, a);
      if (detail === undefined) {
        out.matched += 1;
        continue;
      }
      const worse = isBad(a.status) && !isBad(x.status);
      out.mismatches.push({ ...base, kind: worse ? 'regression' : 'changed', actual: a.status, detail, reason: a.message ?? entry.reason });
    }
  }

  for (const [key, a] of actual) {
    if (listed.has(key) || !recorded(a.status)) continue;
    out.mismatches.push({
      id: key, rule: a.rule, scenario: a.scenario, kind: 'regression', expected: 'passed', actual: a.status, level: a.level,
      detail: a.status === 'blocked' ? `newly blocked by ${a.blockedBy}` : a.status === 'skipped' ? 'did not run' : `a new ${a.status} result`,
      ...(a.message !== undefined ? { reason: a.message } : {}),
    });
  }

  if (expectations.profile !== undefined && declared !== undefined) out.profile = compareProfile(expectations.profile, declared);
  return out;
}

/** What differs between an expected result and the run's, or undefined when nothing does. */
function difference(x: ExpectedResult, a: RunResult): string | undefined {
  if (x.status !== a.status) return `${x.status} → ${a.status}${a.blockedBy !== undefined ? ` (by ${a.blockedBy})` : ''}`;
  if ((x.blockedBy ?? '') !== (a.blockedBy ?? '')) return `blocked by ${a.blockedBy} instead of ${x.blockedBy}`;
  const want = [...(x.signatures ?? [])].sort();
  const got = a.signatures ?? [];
  const added = got.filter((s) => !want.includes(s));
  const gone = want.filter((s) => !got.includes(s));
  if (added.length + gone.length === 0) return undefined;
  return [added.length > 0 ? `new failing case ${added.join(', ')}` : '', gone.length > 0 ? `no longer ${gone.join(', ')}` : ''].filter((t) => t !== '').join('; ');
}

function compareProfile(recordedProfile: string[], declared: readonly string[]): ProfileComparison {
  const rec = [...recordedProfile].sort();
  const now = [...declared].sort();
  const dropped = rec.filter((c) => !now.includes(c));
  const added = now.filter((c) => !rec.includes(c));
  return {
    recorded: recordedProfile, declared: [...declared],
    status: dropped.length + added.length === 0 ? 'matches' : 'differs',
    message: dropped.length + added.length === 0 ? 'the target declares the recorded profile'
      : [dropped.length > 0 ? `the target no longer declares ${dropped.join(', ')}` : '', added.length > 0 ? `the target now declares ${added.join(', ')}: update the expectations file` : '']
        .filter((x) => x !== '').join('; '),
  };
}
