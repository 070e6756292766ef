import type { Outcome } from '../attribution/resolve';
import { stepEvidence, stepNeeds } from '../attribution/needs';
import type { Manifest } from '../protocol/manifest';
import type { ScenarioResult } from './results';
import type { ScenarioDef } from './suite';

/**
 * The evidence a finished scenario gives about rules (docs/reports.md, "One fault, one rule").
 * An ordinary scenario speaks about its one rule: passed, or failed at one step that relies on
 * the rules the runner reads from that step and the scenario's routes. A refused boot is a failure
 * of the refused definition's rule; the scenario's own rule then waits on it. A property reports
 * one outcome per rule it checks, each failure with its own signature.
 */
export function scenarioOutcomes(def: ScenarioDef, result: ScenarioResult): Outcome[] {
  if (def.property && result.property?.outcomes) {
    return result.property.outcomes.map((o) => ({ ...o, scenario: def.id, property: true }));
  }
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
  const generatedUrls = (result.repro?.exchanges ?? []).some((e) => e.method === 'POST' && e.path === '/__fw/url');
  const evidence = stepEvidence(result.step, result.message);
  return def.rules.map((rule) => ({
    ...base, rule, status: 'failed', needs: stepNeeds(result.step, manifest, rule, def.needs, generatedUrls, result.message),
    ...(evidence !== undefined && evidence !== rule ? { evidence } : {}),
  }));
}
