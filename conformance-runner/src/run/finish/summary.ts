import { counts as levelCounts, LEVELS, type Level } from '../../model/levels';
import type { RuleResult, ScenarioResult } from '../../model/results';
import { countStatuses, type Status, type StatusCounts } from '../../model/status';
import type { Summary } from '../../model/summary';

/** conformance.json `summary`: scenarios and rules counted by status and level, and the conformance figure. */
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
