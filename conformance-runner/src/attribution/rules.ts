import { resolveBlocking } from './resolve';
import type { Outcome } from '../model/outcome';
import { inferRouteFileFault } from './routeFile';
import { counts as levelCounts } from '../model/levels';
import type { RuleOutcome, RuleResult, ScenarioResult } from '../model/results';
import type { Status } from '../model/status';
import type { RootCause } from '../model/rootCause';
import type { RuleDef } from '../model/suite';

/**
 * Scenario outcomes → rule results and root causes: which rule each failure is evidence against
 * (resolve.ts), and each rule's status from its evidence.
 *
 * A rule's status from the statuses of its evidence, first match wins:
 * 1. failed      — a failure charged to it;
 * 2. errored     — any errored (the adapter broke the protocol);
 * 3. timed-out   — any timed out;
 * 4. blocked     — a failure that waits on another rule, charged there (a root cause);
 * 5. partly-tested — some passed and others are unsupported: what could run passes, not all could;
 * 6. passed      — at least one passed, the others passed or skipped;
 * 7. unsupported — at least one unsupported, the others unsupported or skipped;
 * 8. skipped     — nothing ran (no scenario, or all skipped).
 */
export const RULE_STATUS_ORDER: readonly Status[] = ['failed', 'errored', 'timed-out', 'blocked', 'partly-tested', 'passed', 'unsupported', 'skipped'];

export function aggregateStatus(statuses: Status[]): Status {
  if (statuses.includes('passed') && statuses.includes('unsupported') && !statuses.some((s) => RULE_STATUS_ORDER.indexOf(s) < RULE_STATUS_ORDER.indexOf('partly-tested'))) return 'partly-tested';
  for (const status of RULE_STATUS_ORDER) if (statuses.includes(status)) return status;
  return 'skipped';
}

export interface Attribution {
  rules: RuleResult[];
  /** The scenarios, with `blocked` statuses set. */
  scenarios: ScenarioResult[];
  /** must/implied root causes first, most blocking first; reference ones after. */
  rootCauses: RootCause[];
}

/**
 * Rules from the evidence of every scenario (docs/reports.md, "One fault, one rule"). A
 * must/implied rule leaves out evidence from scenarios whose own level is `reference` (they also
 * exercise a choice the spec leaves open, so they must never count against an implementation) —
 * unless that would leave it with none, in which case they decide it and a warning says so.
 * Failures that rely on a rule charged elsewhere become `blocked` by it.
 */
export function attribute(rules: RuleDef[], scenarios: ScenarioResult[], warnings: string[] = [], catalog?: ReadonlyMap<string, RuleDef>): Attribution {
  const defs = new Map(rules.map((r) => [r.id, r]));
  // A refused definition may belong to a rule outside the selection: it is reported all the same.
  for (const s of scenarios) for (const o of s.outcomes) if (!defs.has(o.rule) && catalog?.has(o.rule)) defs.set(o.rule, catalog.get(o.rule)!);
  const order = new Map([...(catalog ?? defs).keys()].map((id, i) => [id, i]));
  const levelOf = new Map(scenarios.map((s) => [s.id, s.level]));

  const byRule = new Map<string, Outcome[]>();
  for (const s of scenarios) for (const o of s.outcomes) byRule.set(o.rule, [...(byRule.get(o.rule) ?? []), o]);
  inferRouteFileFault([...byRule.values()].flat());
  const countedByRule = new Map<string, Outcome[]>();
  for (const [id, def] of defs) {
    const all = byRule.get(id) ?? [];
    let counted = levelCounts(def.level) ? all.filter((o) => levelOf.get(o.scenario) !== 'reference') : all;
    if (counted.length === 0 && all.length > 0) {
      warnings.push(`the ${def.level} rule ${id} is only exercised by reference-level scenarios; they decide its status`);
      counted = all;
    }
    countedByRule.set(id, counted);
  }
  const { blockedBy, roots, sameDifference } = resolveBlocking([...countedByRule.values()].flat(), {
    order: (r) => order.get(r) ?? Number.MAX_SAFE_INTEGER,
    level: (r) => defs.get(r)?.level,
  });
  /** Why a blocked outcome is its root's: the difference both show, or what the answer shows it stood on. */
  const because = (o: Outcome): string | undefined => {
    const d = sameDifference.get(o);
    return d !== undefined ? `the same difference as ${blockedBy.get(o)} (${d})` : o.shownBy;
  };
  const statusOf = (o: Outcome): Status => (blockedBy.has(o) ? 'blocked' : o.status);

  const ruleResults: RuleResult[] = [...defs.values()].map((def) => {
    const all = byRule.get(def.id) ?? [];
    const counted = countedByRule.get(def.id) ?? [];
    const outcomes: RuleOutcome[] = counted.map((o) => ({
      scenario: o.scenario, status: statusOf(o),
      ...(blockedBy.has(o) ? { blockedBy: blockedBy.get(o)!, ...(because(o) !== undefined ? { shownBy: because(o) } : {}) } : {}),
      ...(o.signatures !== undefined && o.status !== 'passed' ? { signatures: o.signatures } : {}),
      ...(o.status !== 'passed' && o.step !== undefined ? { step: o.step } : {}),
      ...(o.status !== 'passed' && o.message !== undefined ? { message: o.message } : {}),
    }));
    return {
      id: def.id, level: def.level, section: def.section, statement: def.statement,
      status: aggregateStatus(outcomes.map((o) => o.status)),
      scenarios: unique(all.map((o) => o.scenario)),
      counted: unique(counted.map((o) => o.scenario)),
      outcomes,
      blockedBy: unique(counted.filter((o) => blockedBy.has(o)).map((o) => blockedBy.get(o)!)),
    };
  });

  const resolvedScenarios = scenarios.map((s) => {
    const failed = s.outcomes.filter((o) => o.status === 'failed');
    if (failed.length === 0 || failed.some((o) => !blockedBy.has(o))) return s;
    const root = blockedBy.get(failed[0]!)!;
    const d = sameDifference.get(failed[0]!);
    return { ...s, status: 'blocked' as const, blockedBy: root, message: `blocked by ${root}${d !== undefined ? ` (the same difference: ${d})` : ''}: ${s.message ?? ''}`.trimEnd() };
  });

  // Errors and timeouts are charged too (never blocked): they are root causes of their own.
  const charged = new Set([...roots, ...ruleResults.filter((r) => r.status === 'errored' || r.status === 'timed-out').map((r) => r.id)]);
  const rootCauses: RootCause[] = [...charged].filter((id) => defs.has(id)).map((id) => {
    const def = defs.get(id)!;
    const first = (countedByRule.get(id) ?? []).find((o) => (o.status === 'failed' && !blockedBy.has(o)) || o.status === 'errored' || o.status === 'timed-out');
    return {
      rule: id, level: def.level, statement: def.statement, message: first?.message ?? null,
      failing: unique((countedByRule.get(id) ?? []).filter((o) => (o.status === 'failed' && !blockedBy.has(o)) || o.status === 'errored' || o.status === 'timed-out').map((o) => o.scenario)),
      blocks: [...blockedBy.values()].filter((r) => r === id).length,
      blockedRules: ruleResults.filter((r) => r.status === 'blocked' && r.blockedBy.includes(id)).map((r) => r.id),
    };
  }).sort((a, b) => Number(!levelCounts(a.level)) - Number(!levelCounts(b.level)) || b.blocks - a.blocks || (order.get(a.rule) ?? 0) - (order.get(b.rule) ?? 0));
  return { rules: ruleResults, scenarios: resolvedScenarios, rootCauses };
}

/** The rule results of `attribute` alone. */
export function aggregateRules(rules: RuleDef[], scenarios: ScenarioResult[], warnings: string[] = []): RuleResult[] {
  return attribute(rules, scenarios, warnings).rules;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
