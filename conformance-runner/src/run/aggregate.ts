import { counts as levelCounts, LEVELS, type Level } from './levels';
import type { RuleResult, ScenarioResult } from './results';
import { countStatuses, type Status, type StatusCounts } from './status';
import type { RuleDef } from './suite';

/**
 * A rule's status from its scenarios' statuses, first match wins:
 * 1. failed      — any scenario failed;
 * 2. errored     — any errored (the adapter broke the protocol);
 * 3. timed-out   — any timed out;
 * 4. passed      — at least one passed, the others passed, unsupported or skipped;
 * 5. unsupported — at least one unsupported, the others unsupported or skipped;
 * 6. skipped     — nothing ran (no scenario, or all skipped).
 */
export const RULE_STATUS_ORDER: readonly Status[] = ['failed', 'errored', 'timed-out', 'passed', 'unsupported', 'skipped'];

export function aggregateStatus(statuses: Status[]): Status {
  for (const status of RULE_STATUS_ORDER) if (statuses.includes(status)) return status;
  return 'skipped';
}

/**
 * Rule results. A must/implied rule leaves out its scenarios whose own level is `reference`
 * (they also exercise a choice the spec leaves open, so they must never count against an
 * implementation) — unless that would leave it with none, in which case they decide it and a
 * warning says so.
 */
export function aggregateRules(rules: RuleDef[], scenarios: ScenarioResult[], warnings: string[] = []): RuleResult[] {
  const byRule = new Map<string, ScenarioResult[]>();
  for (const s of scenarios) {
    for (const r of s.rules) {
      const list = byRule.get(r) ?? [];
      list.push(s);
      byRule.set(r, list);
    }
  }
  return rules.map((rule) => {
    const all = byRule.get(rule.id) ?? [];
    let counted = levelCounts(rule.level) ? all.filter((s) => s.level !== 'reference') : all;
    if (counted.length === 0 && all.length > 0) {
      warnings.push(`the ${rule.level} rule ${rule.id} is only exercised by reference-level scenarios; they decide its status`);
      counted = all;
    }
    return {
      id: rule.id, level: rule.level, section: rule.section, statement: rule.statement,
      status: aggregateStatus(counted.map((s) => s.status)),
      scenarios: all.map((s) => s.id),
      counted: counted.map((s) => s.id),
    };
  });
}

export interface Summary {
  scenarios: { byStatus: StatusCounts; byLevel: Record<Level, StatusCounts> };
  rules: { byStatus: StatusCounts; byLevel: Record<Level, StatusCounts> };
  /** Share of must + implied rules that passed (unsupported ones count as not passed). */
  conformance: { passed: number; total: number; percent: number };
}

export function summarise(rules: RuleResult[], scenarios: ScenarioResult[]): Summary {
  const byLevel = <T extends { level: Level; status: Status }>(items: T[]) =>
    Object.fromEntries(LEVELS.map((l) => [l, countStatuses(items.filter((i) => i.level === l).map((i) => i.status))])) as Record<Level, StatusCounts>;
  const counting = rules.filter((r) => levelCounts(r.level));
  const passed = counting.filter((r) => r.status === 'passed').length;
  return {
    scenarios: { byStatus: countStatuses(scenarios.map((s) => s.status)), byLevel: byLevel(scenarios) },
    rules: { byStatus: countStatuses(rules.map((r) => r.status)), byLevel: byLevel(rules) },
    conformance: { passed, total: counting.length, percent: conformancePercent(passed, counting.length) },
  };
}

/** Rounded down to one decimal, so 99.96 % never shows as 100 %. */
export function conformancePercent(passed: number, total: number): number {
  if (total === 0) return 0;
  return Math.floor((passed / total) * 1000) / 10;
}
