import type { Outcome } from '../model/outcome';

export interface Resolution {
  /** Failed outcomes that are not charged: the root-cause rule that blocks each. */
  blockedBy: Map<Outcome, string>;
  /** Rules charged with at least one failure: the root causes. */
  roots: Set<string>;
}

/**
 * Decides which failures are charged and which are blocked. First, a failure whose own evidence
 * names a failing rule is that rule's. Then a failure is blocked by a rule it needs when that rule
 * is itself charged; it is charged when none of the rules it needs fails at all. Failures that only
 * need rules that fail in turn through them (a cycle) are settled among the rules of the cycle, in
 * catalog order: the first such rule is charged, which may then block the others. So every fault
 * has at least one root, and blocking never hides a failure behind a rule that passes.
 */
export function resolveBlocking(outcomes: readonly Outcome[], catalogOrder: (rule: string) => number): Resolution {
  const first = resolveNeeds(outcomes, catalogOrder, new Map());
  // A foundation blocks a failure only where it is charged with the same symptom.
  const sameFault = new Map<Outcome, string[]>();
  const chargedSymptoms = new Map<string, Set<string>>();
  for (const o of outcomes) {
    if (o.status !== 'failed' || first.blockedBy.has(o) || !first.roots.has(o.rule) || o.symptom === undefined) continue;
    chargedSymptoms.set(o.rule, (chargedSymptoms.get(o.rule) ?? new Set()).add(o.symptom));
  }
  const sameSymptom = (o: Outcome, r: string): boolean => r !== o.rule && (chargedSymptoms.get(r)?.has(o.symptom!) ?? false);
  // "b's failure with this symptom rests on a" as the assertions themselves say it.
  const found = new Set<string>();
  for (const o of outcomes) {
    if (o.status === 'failed' && o.symptom !== undefined) for (const r of o.foundations ?? []) if (sameSymptom(o, r)) found.add(`${o.rule}>${r}|${o.symptom}`);
  }
  for (const o of outcomes) {
    if (o.status !== 'failed' || o.symptom === undefined) continue;
    const declared = (o.standsOn ?? []).filter((r) => sameSymptom(o, r) && !found.has(`${r}>${o.rule}|${o.symptom}`));
    const f = [...(o.foundations ?? []).filter((r) => sameSymptom(o, r)), ...declared];
    if (f.length > 0) sameFault.set(o, f);
  }
  return sameFault.size === 0 ? first : resolveNeeds(outcomes, catalogOrder, sameFault);
}

/** Blocking by `needs` (and the foundations found to share a fault, `extra`). */
function resolveNeeds(outcomes: readonly Outcome[], catalogOrder: (rule: string) => number, extra: ReadonlyMap<Outcome, string[]>): Resolution {
  const needsOf = (o: Outcome): string[] => [...(o.needs ?? []), ...(extra.get(o) ?? [])];
  const failed = outcomes.filter((o) => o.status === 'failed');
  const failingAtAll = new Set(failed.map((o) => o.rule));
  const byEvidence = new Map<Outcome, string>();
  for (const o of failed) if (o.evidence !== undefined && o.evidence !== o.rule && failingAtAll.has(o.evidence)) byEvidence.set(o, o.evidence);
  const weighed = failed.filter((o) => !byEvidence.has(o));
  // A rule whose example scenarios pass and that fails only in a generated corner case still works
  // for what other scenarios stand on: it is charged, but it blocks nothing.
  const examplePassing = new Set(outcomes.filter((o) => o.status === 'passed' && !o.property).map((o) => o.rule));
  const exampleFailing = new Set(weighed.filter((o) => !o.property).map((o) => o.rule));
  const failingRules = new Set(weighed.map((o) => o.rule).filter((r) => exampleFailing.has(r) || !examplePassing.has(r)));
  const roots = new Set<string>();
  const blockedBy = new Map<Outcome, string>();
  let pending = weighed;
  /** The root that blocks every failure of `rule`, once they are all settled as blocked. */
  const throughBlocked = (rule: string): string | undefined => {
    if (pending.some((p) => p.rule === rule) || roots.has(rule)) return undefined;
    const own = weighed.filter((w) => w.rule === rule);
    const by = own.map((w) => blockedBy.get(w));
    return own.length > 0 && by.every((b) => b !== undefined && b === by[0]) ? by[0] : undefined;
  };
  const settle = (): void => {
    let progress = true;
    while (progress) {
      progress = false;
      const next: Outcome[] = [];
      for (const o of pending) {
        const failingNeeds = needsOf(o).filter((r) => r !== o.rule && failingRules.has(r));
        // A rule whose every failure is blocked stands for what blocks it.
        const root = failingNeeds.find((r) => roots.has(r)) ?? failingNeeds.map((r) => throughBlocked(r)).find((r) => r !== undefined);
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
    // The cycle: rules that pending failures wait on and that have pending failures themselves.
    const waiting = new Set(pending.map((o) => o.rule));
    const inCycle = [...new Set(pending.flatMap((o) => needsOf(o).filter((r) => waiting.has(r) && r !== o.rule)))];
    const candidates = inCycle.length > 0 ? inCycle : [...waiting];
    const first = candidates.sort((a, b) => catalogOrder(a) - catalogOrder(b))[0]!;
    roots.add(first);
    pending = pending.filter((o) => o.rule !== first);
    settle();
  }
  // A failure shown to be another rule's goes to that rule, or to what blocks it in turn.
  for (const [o, rule] of byEvidence) {
    if (roots.has(rule)) {
      blockedBy.set(o, rule);
      continue;
    }
    const through = [...blockedBy].find(([b]) => b.rule === rule)?.[1];
    if (through !== undefined) blockedBy.set(o, through);
    else roots.add(o.rule);
  }
  return { blockedBy, roots };
}
