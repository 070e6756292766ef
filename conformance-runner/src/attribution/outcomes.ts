import type { Outcome } from '../model/outcome';
import { judge, type Judgement } from './assertion';
import type { Manifest } from '../protocol/manifest';
import type { ScenarioResult } from '../model/results';
import type { RuleDef, ScenarioDef } from '../model/suite';

/**
 * The evidence a finished scenario gives about rules (docs/reports.md, "One fault, one rule").
 * An ordinary scenario speaks about its one rule: passed, or failed at one step that relies on
 * the rules the runner reads from that step and the scenario's routes. A refused boot is a failure
 * of the refused definition's rule; the scenario's own rule then waits on it. A property reports
 * one outcome per rule it checks, each failure with its own signature.
 */
export function scenarioOutcomes(def: ScenarioDef, result: ScenarioResult, ruleOf: (rule: string) => RuleDef | undefined): Outcome[] {
  if (def.property && result.property?.outcomes) return result.property.outcomes.flatMap((o) => propertyOutcomes(def, o, ruleOf));
  const base = { scenario: def.id, message: result.message, step: result.step };
  const status = result.status === 'blocked' ? 'failed' : result.status;
  if (status !== 'failed') return def.rules.map((rule) => ({ ...base, rule, status }));
  const manifest = result.repro?.manifest as Manifest | undefined;
  const refused = result.boot?.rule;
  // Evidence about another rule is only taken from a scenario that counts (docs/reports.md).
  if (refused !== undefined && def.level !== 'reference') {
    const others = def.rules.filter((r) => r !== refused);
    return [
      { ...base, rule: refused, status: 'failed', needs: def.needs.filter((r) => r !== refused) },
      ...others.map((rule): Outcome => ({ ...base, rule, status: 'failed', needs: [refused] })),
    ];
  }
  if (result.finding === undefined) {
    // No assertion said what it compared (a step that threw on its own): nothing shows another
    // rule at fault, so the failure is the scenario's own.
    return def.rules.map((rule) => ({ ...base, rule, status: 'failed' }));
  }
  const generatedUrls = (result.repro?.exchanges ?? []).some((e) => e.method === 'POST' && e.path === '/__fw/url');
  const j = judge(result.finding, { subject: def.rules, manifest, declared: def.needs, generatedUrls });
  // What the scenario declares it stands on (@needs:) is a foundation of its failures too: it blocks
  // them where it is charged with the same symptom.
  return judged({ ...base, status: 'failed' }, def.rules, { ...j, weakFoundations: [...j.weakFoundations, ...def.needs] }, def.level, ruleOf);
}

/**
 * The outcomes of a judged failure: one per rule it is about, and one for the rule its evidence
 * names. Evidence about another rule is only taken from a scenario that counts (docs/reports.md).
 */
function judged(base: Omit<Outcome, 'rule'>, rules: readonly string[], j: Judgement, level: string, ruleOf: (rule: string) => RuleDef | undefined): Outcome[] {
  const counts = (r: string) => level !== 'reference' || ruleOf(r)?.level === 'reference';
  const shown = j.shownBy !== undefined ? { shownBy: j.shownBy } : {};
  const evidence = j.evidence !== undefined && counts(j.evidence) ? j.evidence : undefined;
  const own = rules.map((rule): Outcome => {
    const other = (r: string) => r !== rule && counts(r);
    return {
      ...base, ...shown, rule, needs: [...new Set([...(base.needs ?? []), ...j.needs])].filter(other), symptom: j.symptom,
      foundations: j.foundations.filter(other), standsOn: [...new Set([...(ruleOf(rule)?.standsOn ?? []), ...j.weakFoundations])].filter(other),
      ...(evidence !== undefined ? { evidence } : {}),
    };
  });
  return evidence === undefined ? own : [{ ...base, ...shown, rule: evidence, needs: [], symptom: j.symptom }, ...own];
}

type PropertyOutcome = NonNullable<NonNullable<ScenarioResult['property']>['outcomes']>[number];

/**
 * A property's failure is judged like a scenario's with the same evidence: its check's rule is
 * the assertion's, and its finding says what the answer shows broken beneath it.
 */
function propertyOutcomes(def: ScenarioDef, o: PropertyOutcome, ruleOf: (rule: string) => RuleDef | undefined): Outcome[] {
  const { finding, manifest, ...rest } = o;
  const base: Outcome = { ...rest, scenario: def.id, property: true };
  if (o.status !== 'failed' || finding === undefined) return [base];
  // A request a URL check made to the URL it was given stands on that URL (engine/failureKind.ts sets its route).
  const generatedUrls = finding.aspect !== 'url' && finding.route !== undefined;
  const j = judge(finding, { subject: [o.rule], manifest: manifest as Manifest | undefined, declared: [], generatedUrls });
  return judged(base, [o.rule], j, def.level, ruleOf);
}
