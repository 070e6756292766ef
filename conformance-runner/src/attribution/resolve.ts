import type { Outcome } from '../model/outcome';

export interface Resolution {
  /** Failed outcomes that are not charged: the root-cause rule that blocks each. */
  blockedBy: Map<Outcome, string>;
  /** Rules charged with at least one failure: the root causes. */
  roots: Set<string>;
  /** Blocked outcomes that show the same difference as their root's own failures: that difference ("value lower-cased"). */
  sameDifference: Map<Outcome, string>;
}

/** What orders candidate roots: the catalog's order, and whether the spec states the rule (must) or implies it. */
export interface Catalog {
  order: (rule: string) => number;
  /** The rule's level: a reference-level rule never blocks a counted one. */
  level?: (rule: string) => 'must' | 'implied' | 'reference' | undefined;
}

/**
 * Decides which failures are charged and which are blocked. First, a failure whose own evidence
 * names a failing rule is that rule's. Then a failure is blocked by a rule it needs when that rule
 * is itself charged; it is charged when none of the rules it needs fails at all. Failures that only
 * need rules that fail in turn through them (a cycle) are settled among the rules of the cycle, in
 * catalog order: the first such rule is charged, which may then block the others. So every fault
 * has at least one root, and blocking never hides a failure behind a rule that passes.
 */
export function resolveBlocking(outcomes: readonly Outcome[], catalog: Catalog | ((rule: string) => number)): Resolution {
  const { order: catalogOrder, level } = typeof catalog === 'function' ? { order: catalog, level: undefined } : catalog;
  return oneRootPerDifference(outcomes, resolveByFoundations(outcomes, catalogOrder), catalogOrder, level);
}

function resolveByFoundations(outcomes: readonly Outcome[], catalogOrder: (rule: string) => number): Resolution {
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
  /**
   * The root that blocks every failure of `rule`, once they are all settled as blocked — passed on
   * to `o` only where `rule` failed the way `o` did: a 404 does not inherit a root that `rule` got
   * for another difference (a context object where a value was declared).
   */
  const throughBlocked = (rule: string, o: Outcome): string | undefined => {
    if (pending.some((p) => p.rule === rule) || roots.has(rule)) return undefined;
    const own = weighed.filter((w) => w.rule === rule);
    const by = own.map((w) => blockedBy.get(w));
    if (o.symptom !== undefined && !own.some((w) => w.symptom === undefined || w.symptom === o.symptom)) return undefined;
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
        const root = failingNeeds.find((r) => roots.has(r)) ?? failingNeeds.map((r) => throughBlocked(r, o)).find((r) => r !== undefined);
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
  return { blockedBy, roots, sameDifference: new Map() };
}

/**
 * A symptom that names one precise difference between expected and observed (a value lower-cased,
 * true written 1, every redirect a 302), as opposed to the coarse ones many unrelated faults share
 * (a 404, a crash, some other body).
 */
function specific(symptom: string | undefined): symptom is string {
  if (symptom === undefined) return false;
  return symptom.startsWith('value ') || (/^status \d(\d\d|xx)→\d+$/.test(symptom));
}

/**
 * One root per difference (docs/reports.md, "One fault, one rule"): failures charged to several
 * rules that all show the same precise difference are one broken mechanism. The most basic of
 * those rules keeps them: the one the others' failures stand on (their needs, foundations and
 * the catalog's standsOn, as the assertions and the catalog state them), then a rule the spec
 * states over one it implies, then the catalog's order. The others' failures with that difference
 * are blocked by it, the difference named; their failures of any other kind stay theirs.
 */
function oneRootPerDifference(outcomes: readonly Outcome[], r: Resolution, catalogOrder: (rule: string) => number, level?: Catalog['level']): Resolution {
  const rank = (rule: string): number => ({ must: 0, implied: 1, reference: 2 } as const)[level?.(rule) ?? 'must'];
  const charged = outcomes.filter((o) => o.status === 'failed' && !r.blockedBy.has(o) && r.roots.has(o.rule) && specific(o.symptom));
  const bySymptom = new Map<string, Outcome[]>();
  for (const o of charged) bySymptom.set(o.symptom!, [...(bySymptom.get(o.symptom!) ?? []), o]);
  const blockedBy = new Map(r.blockedBy);
  const sameDifference = new Map(r.sameDifference);
  let changed = false;
  for (const [symptom, group] of bySymptom) {
    const rules = [...new Set(group.map((o) => o.rule))];
    if (rules.length < 2) continue;
    // What stands on a candidate: the failures with this difference, charged or already blocked by it, that name it.
    const showing = outcomes.filter((o) => o.status === 'failed' && o.symptom === symptom);
    const standsOn = (o: Outcome) => new Set([...(o.needs ?? []), ...(o.foundations ?? []), ...(o.standsOn ?? []), ...(r.blockedBy.has(o) ? [r.blockedBy.get(o)!] : [])]);
    const score = (c: string) => new Set(showing.filter((o) => o.rule !== c && standsOn(o).has(c)).map((o) => o.rule)).size;
    // A reference-level rule is never the root of a counted failure: it only gives way to one.
    const counted = rules.filter((x) => rank(x) < 2);
    const candidates = counted.length > 0 ? counted : rules;
    const root = [...candidates].sort((a, b) => score(b) - score(a) || rank(a) - rank(b) || catalogOrder(a) - catalogOrder(b))[0]!;
    for (const o of group) {
      if (o.rule === root) continue;
      blockedBy.set(o, root);
      sameDifference.set(o, symptom);
      changed = true;
    }
  }
  if (!changed) return r;
  // A rule none of whose failures is charged any more is no root; what it blocked goes to what blocks it.
  const roots = new Set(outcomes.filter((o) => o.status === 'failed' && !blockedBy.has(o)).map((o) => o.rule));
  const through = (rule: string, seen = new Set<string>()): string => {
    if (roots.has(rule) || seen.has(rule)) return rule;
    seen.add(rule);
    const by = outcomes.filter((o) => o.rule === rule && blockedBy.has(o)).map((o) => blockedBy.get(o)!);
    return by.length > 0 ? through(by[0]!, seen) : rule;
  };
  for (const [o, b] of blockedBy) if (!roots.has(b)) blockedBy.set(o, through(b));
  return { blockedBy, roots, sameDifference };
}
