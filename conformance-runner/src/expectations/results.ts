import { counts as levelCounts, type Level } from '../model/levels';
import type { RuleResult } from '../model/results';
import type { Status } from '../model/status';

/** One counted result of a run, as the expectations file records it. */
export interface RunResult {
  rule: string;
  scenario: string;
  status: Status;
  level: Level;
  blockedBy?: string;
  signatures?: string[];
  message?: string;
}

export function resultKey(rule: string, scenario: string): string {
  return `${rule} › ${scenario}`;
}

/** Statuses a gate records: everything but passing and not being testable (the profile says that). */
export function recorded(status: Status): boolean {
  return status !== 'passed' && status !== 'unsupported';
}

/** Every counted result of the must/implied rules of a run, by key: the evidence each rule's status came from. */
export function runResults(rules: readonly RuleResult[]): Map<string, RunResult> {
  const out = new Map<string, RunResult>();
  for (const r of rules) {
    if (!levelCounts(r.level)) continue;
    for (const o of r.outcomes) {
      out.set(resultKey(r.id, o.scenario), {
        rule: r.id, scenario: o.scenario, status: o.status, level: r.level,
        ...(o.blockedBy !== undefined ? { blockedBy: o.blockedBy } : {}),
        ...(o.signatures !== undefined ? { signatures: [...o.signatures].sort() } : {}),
        ...(o.message !== undefined ? { message: o.message } : {}),
      });
    }
  }
  return out;
}
