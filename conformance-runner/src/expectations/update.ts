import { counts as levelCounts } from '../run/levels';
import type { RuleResult, ScenarioResult } from '../run/results';
import { isBad } from '../run/status';
import type { Expectation, ExpectationsFile } from './types';

const SCHEMA_REF = 'https://fw-conformance.local/schema/expectations.schema.json';

/**
 * The expectations file after a run (--update-expectations): one entry per must/implied rule
 * charged with a failure (failed, errored, timed-out) or not run, and the declared capabilities as
 * the profile, so that the same results match it.
 * - Entries for ids not in this run (filtered out) are kept as they are.
 * - Hand-written scenario entries are kept (with their new status) while the scenario is still bad.
 * - Every kept entry keeps its reason and issue; a new one gets the failure's first line as reason.
 */
export function updateExpectations(
  existing: ExpectationsFile | undefined,
  implementation: string,
  rules: RuleResult[],
  scenarios: ScenarioResult[],
  declared?: readonly string[],
): ExpectationsFile {
  const previous = new Map((existing?.expected ?? []).map((e) => [e.id, e]));
  const inRun = new Set([...rules.map((r) => r.id), ...scenarios.map((s) => s.id)]);
  const next = new Map<string, Expectation>();
  for (const e of existing?.expected ?? []) if (!inRun.has(e.id)) next.set(e.id, e);

  for (const s of scenarios) {
    const before = previous.get(s.id);
    if (before && levelCounts(s.level) && isBad(s.status)) next.set(s.id, { ...before, status: s.status as Expectation['status'] });
  }
  for (const r of rules) {
    if (!levelCounts(r.level) || !(isBad(r.status) || r.status === 'skipped')) continue;
    const charged = r.outcomes.filter((o) => o.status === r.status);
    // A rule whose failures all have kept scenario entries is explained by them.
    if (r.status !== 'skipped' && !previous.has(r.id) && charged.length > 0 && charged.every((o) => next.has(o.scenario))) continue;
    const before = previous.get(r.id);
    const reason = r.status === 'skipped' ? 'none of its scenarios ran' : firstLine(charged[0]?.message);
    next.set(r.id, before ? { ...before, status: r.status as Expectation['status'] } : { id: r.id, status: r.status as Expectation['status'], reason });
  }
  const profile = declared !== undefined ? [...declared] : existing?.profile;
  return {
    $schema: existing?.$schema ?? SCHEMA_REF,
    implementation: existing?.implementation ?? implementation,
    ...(profile !== undefined ? { profile } : {}),
    expected: [...next.values()].sort((a, b) => a.id.localeCompare(b.id)),
  };
}

function firstLine(message: string | undefined): string {
  const line = (message ?? '').split('\n').map((l) => l.trim()).find((l) => l !== '') ?? 'no message';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}
