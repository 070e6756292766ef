import type { Outcome } from '../attribution/resolve';
import { judge } from '../attribution/assertion';
import type { Manifest } from '../protocol/manifest';
import type { ScenarioResult } from './results';
import type { RuleDef, ScenarioDef } from './suite';

/**
 * The evidence a finished scenario gives about rules (docs/reports.md, "One fault, one rule").
 * An ordinary scenario speaks about its one rule: passed, or failed at one step that relies on
 * the rules the runner reads from that step and the scenario's routes. A refused boot is a failure
 * of the refused definition's rule; the scenario's own rule then waits on it. A property reports
 * one outcome per rule it checks, each failure with its own signature.
 */
export function scenarioOutcomes(def: ScenarioDef, result: ScenarioResult, ruleOf: (rule: string) => RuleDef | undefined): Outcome[] {
  const levelOf = (rule: string) => ruleOf(rule)?.level;
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
  const shown = j.shownBy !== undefined ? { shownBy: j.shownBy } : {};
  // Evidence about another rule is only taken from a scenario that counts (docs/reports.md).
  const evidence = j.evidence !== undefined && (def.level !== 'reference' || levelOf(j.evidence) === 'reference') ? j.evidence : undefined;
  const counts = (r: string) => def.level !== 'reference' || levelOf(r) === 'reference';
  const needs = j.needs.filter(counts);
  const own = def.rules.map((rule): Outcome => ({
    ...base, ...shown, rule, status: 'failed', needs, symptom: j.symptom,
    foundations: j.foundations.filter(counts), standsOn: [...new Set([...(ruleOf(rule)?.standsOn ?? []), ...j.weakFoundations])].filter(counts),
    ...(evidence !== undefined ? { evidence } : {}),
  }));
  return evidence === undefined ? own : [{ ...base, ...shown, rule: evidence, status: 'failed', symptom: j.symptom }, ...own];
}

type PropertyOutcome = NonNullable<NonNullable<ScenarioResult['property']>['outcomes']>[number];

/**
 * A property's failure is judged like a scenario's with the same evidence: its check's rule is
 * the assertion's, and its finding says what the answer shows broken beneath it.
 */
function propertyOutcomes(def: ScenarioDef, o: PropertyOutcome, ruleOf: (rule: string) => RuleDef | undefined): Outcome[] {
  const levelOf = (rule: string) => ruleOf(rule)?.level;
  const { finding, manifest, ...rest } = o;
  const base: Outcome = { ...rest, scenario: def.id, property: true };
  if (o.status !== 'failed' || finding === undefined) return [base];
  // A request a URL check made to the URL it was given stands on that URL (engine/classify.ts sets its route).
  const generatedUrls = finding.aspect !== 'url' && finding.route !== undefined;
  const j = judge(finding, { subject: [o.rule], manifest: manifest as Manifest | undefined, declared: [], generatedUrls });
  const shown = j.shownBy !== undefined ? { shownBy: j.shownBy } : {};
  const needs = [...new Set([...(o.needs ?? []), ...j.needs])].filter((r) => r !== o.rule && (def.level !== 'reference' || levelOf(r) === 'reference'));
  const evidence = j.evidence !== undefined && (def.level !== 'reference' || levelOf(j.evidence) === 'reference') ? j.evidence : undefined;
  const counts = (r: string) => r !== o.rule && (def.level !== 'reference' || levelOf(r) === 'reference');
  const own: Outcome = {
    ...base, ...shown, needs, foundations: j.foundations.filter(counts), standsOn: [...new Set([...(ruleOf(o.rule)?.standsOn ?? []), ...j.weakFoundations])].filter(counts),
    symptom: j.symptom, ...(evidence !== undefined ? { evidence } : {}),
  };
  return evidence === undefined ? [own] : [{ ...base, ...shown, rule: evidence, needs: [], symptom: j.symptom }, own];
}
