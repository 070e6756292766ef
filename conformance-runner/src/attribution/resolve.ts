import type { Status } from '../run/status';

/**
 * One piece of evidence about one rule: what a scenario (or one check of a property) found.
 * A failed outcome may rely on other rules (`needs`); the runner decides whether it is charged to
 * its rule or blocked by one of those (see resolveBlocking).
 */
export interface Outcome {
  rule: string;
  /** The scenario that produced it. */
  scenario: string;
  status: Exclude<Status, 'blocked'>;
  needs?: string[];
  message?: string;
  /** The step (or property check) that decided it. */
  step?: string;
  /** Evidence from a fast-check property (a generated corner case) rather than an example scenario. */
  property?: boolean;
}

export interface Resolution {
  /** Failed outcomes that are not charged: the root-cause rule that blocks each. */
  blockedBy: Map<Outcome, string>;
  /** Rules charged with at least one failure: the root causes. */
  roots: Set<string>;
}

/**
 * Decides which failures are charged and which are blocked. A failure is blocked by a rule it
 * needs when that rule is itself charged; it is charged when none of the rules it needs fails at
 * all. Failures that only need rules that fail in turn through them (a cycle) are settled in
 * catalog order: the first such rule is charged, which may then block the others. So every fault
 * has at least one root, and blocking never hides a failure behind a rule that passes.
 */
export function resolveBlocking(outcomes: readonly Outcome[], catalogOrder: (rule: string) => number): Resolution {
  const failed = outcomes.filter((o) => o.status === 'failed');
  // A rule whose example scenarios pass and that fails only in a generated corner case still works
  // for what other scenarios stand on: it is charged, but it blocks nothing.
  const examplePassing = new Set(outcomes.filter((o) => o.status === 'passed' && !o.property).map((o) => o.rule));
  const exampleFailing = new Set(failed.filter((o) => !o.property).map((o) => o.rule));
  const failingRules = new Set(failed.map((o) => o.rule).filter((r) => exampleFailing.has(r) || !examplePassing.has(r)));
  const roots = new Set<string>();
  const blockedBy = new Map<Outcome, string>();
  let pending = failed;
  const settle = (): void => {
    let progress = true;
    while (progress) {
      progress = false;
      const next: Outcome[] = [];
      for (const o of pending) {
        const failingNeeds = (o.needs ?? []).filter((r) => r !== o.rule && failingRules.has(r));
        const root = failingNeeds.find((r) => roots.has(r));
        if (root !== undefined) {
          blockedBy.set(o, root);
          progress = true;
        } else if (failingNeeds.length === 0) {
          roots.add(o.rule);
          progress = true;
        } else {
          next.push(o);
        }
      }
      pending = next;
    }
  };
  settle();
  while (pending.length > 0) {
    const first = [...pending].sort((a, b) => catalogOrder(a.rule) - catalogOrder(b.rule))[0]!;
    roots.add(first.rule);
    pending = pending.filter((o) => o !== first);
    settle();
  }
  return { blockedBy, roots };
}
