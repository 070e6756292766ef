import { aggregateRules } from '../../src/attribution/rules';
import type { Level } from '../../src/model/levels';
import type { RuleResult, ScenarioResult } from '../../src/model/results';
import type { Status } from '../../src/model/status';
import type { RuleDef } from '../../src/model/suite';

/** Builders of scenario and rule results for the runner's unit tests. */

export function scenario(id: string, status: Status, rules: string[], level: Level = 'must', extra: Partial<ScenarioResult> = {}): ScenarioResult {
  const message = status === 'passed' ? undefined : `${id} did not pass\nsecond line`;
  const outcomeStatus = status === 'blocked' ? 'failed' : status;
  return { id, name: `scenario ${id}`, feature: 'features/01-x.feature:3', rules, level, capabilities: [], status, durationMs: 5,
    ...(message === undefined ? {} : { message }),
    outcomes: rules.map((rule) => ({ rule, scenario: id, status: outcomeStatus, ...(extra.message ?? message ? { message: extra.message ?? message } : {}) })),
    ...extra };
}

export function rule(id: string, level: Level = 'must', section = 'Section'): RuleDef {
  return { id, level, section, statement: `statement of ${id}` };
}

export function rulesOf(defs: RuleDef[], scenarios: ScenarioResult[]): RuleResult[] {
  return aggregateRules(defs, scenarios);
}
