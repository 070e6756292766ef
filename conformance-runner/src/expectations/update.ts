import { counts as levelCounts } from '../run/levels';
import type { RuleResult, ScenarioResult } from '../run/results';
import { isBad } from '../run/status';
import type { Expectation, ExpectationsFile } from './types';

const SCHEMA_REF = 'https://fw-conformance.local/schema/expectations.schema.json';

/**
 * The expectations file after a run (--update-expectations): it lists exactly the must/implied
 * results of this run that are failed, errored or timed-out, so that the same results match it.
 * - Entries for ids not in this run (filtered out) are kept as they are.
 * - A hand-written rule entry is kept (with its new status) while the rule is still bad; it then
 *   covers its scenarios, which get no entries of their own.
 * - Every kept entry keeps its reason and issue; a new one gets the failure's first line as reason.
 */
export function updateExpectations(
  existing: ExpectationsFile | undefined,
  implementation: string,
  rules: RuleResult[],
  scenarios: ScenarioResult[],
): ExpectationsFile {
  const previous = new Map((existing?.expected ?? []).map((e) => [e.id, e]));
  const inRun = new Set([...rules.map((r) => r.id), ...scenarios.map((s) => s.id)]);
  const next = new Map<string, Expectation>();
  for (const e of existing?.expected ?? []) if (!inRun.has(e.id)) next.set(e.id, e);

  const coveringRules = new Set<string>();
  for (const r of rules) {
    if (!previous.has(r.id) || !levelCounts(r.level) || !isBad(r.status)) continue;
    next.set(r.id, keep(previous.get(r.id)!, r.status as Expectation['status']));
    coveringRules.add(r.id);
  }
  for (const s of scenarios) {
    if (!levelCounts(s.level) || !isBad(s.status)) continue;
    if (s.rules.some((id) => coveringRules.has(id))) continue;
    const before = previous.get(s.id);
    next.set(s.id, before ? keep(before, s.status as Expectation['status']) : { id: s.id, status: s.status as Expectation['status'], reason: firstLine(s.message) });
  }
  // A bad rule decided only by reference-level scenarios (see aggregateRules), or a rule none of
  // whose scenarios ran, needs its own entry.
  for (const r of rules) {
    if (!levelCounts(r.level) || !(isBad(r.status) || r.status === 'skipped') || next.has(r.id)) continue;
    const covered = r.counted.every((id) => next.has(id) || !scenarios.some((s) => s.id === id && s.status === r.status));
    if (!covered) {
      const reason = r.status === 'skipped' ? 'none of its scenarios ran' : 'decided by reference-level scenarios';
      next.set(r.id, { ...(previous.get(r.id) ?? { reason }), id: r.id, status: r.status as Expectation['status'] });
    }
  }
  return {
    $schema: existing?.$schema ?? SCHEMA_REF,
    implementation: existing?.implementation ?? implementation,
    expected: [...next.values()].sort((a, b) => a.id.localeCompare(b.id)),
  };
}

function keep(before: Expectation, status: Expectation['status']): Expectation {
  return { ...before, status };
}

function firstLine(message: string | undefined): string {
  const line = (message ?? '').split('\n').map((l) => l.trim()).find((l) => l !== '') ?? 'no message';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}
