import type { RuleResult, ScenarioResult } from '../model/results';
import { recorded, runResults } from './results';
import type { ExpectationsFile, ExpectedResult, ExpectedRule, ExpectedStatus, StoredCase } from './types';

const SCHEMA_REF = 'https://fw-conformance.local/schema/expectations.schema.json';

/**
 * The expectations file after a run (--update-expectations): every counted result that does not
 * pass, grouped by rule, and the declared capabilities as the profile, so that the same run
 * matches it exactly.
 * - Rules not selected by this run, and results of scenarios not selected, are kept as they are;
 *   results of scenarios the suite no longer has are dropped.
 * - A rule keeps its reason and issue; a new one gets its first failure's first line as reason.
 */
export function updateExpectations(
  existing: ExpectationsFile | undefined,
  implementation: string,
  rules: RuleResult[],
  scenarios: ScenarioResult[],
  declared?: readonly string[],
  knownIds?: ReadonlySet<string>,
): ExpectationsFile {
  const previous = new Map((existing?.rules ?? []).map((r) => [r.rule, r]));
  const inRun = new Set(rules.map((r) => r.id));
  const selected = new Set(scenarios.map((s) => s.id));
  const results = new Map<string, ExpectedResult[]>();
  const firstMessage = new Map<string, string | undefined>();
  for (const before of existing?.rules ?? []) {
    // What this run could not see stays as it was.
    // ...but what the suite no longer has (a retired scenario id) is dropped.
    const known = (x: { scenario: string }) => knownIds === undefined || knownIds.has(x.scenario);
    const kept = (inRun.has(before.rule) ? before.results.filter((x) => !selected.has(x.scenario)) : before.results).filter(known);
    if (kept.length > 0) results.set(before.rule, [...kept]);
  }
  const cases = storedCases(scenarios);
  for (const a of runResults(rules).values()) {
    if (!recorded(a.status)) continue;
    const list = results.get(a.rule) ?? [];
    const own = (cases.get(a.scenario) ?? []).filter((c) => a.signatures?.includes(c.signature));
    list.push({
      scenario: a.scenario, status: a.status as ExpectedStatus,
      ...(a.blockedBy !== undefined ? { blockedBy: a.blockedBy } : {}),
      ...(a.signatures !== undefined ? { signatures: a.signatures } : {}),
      ...(own.length > 0 ? { cases: own } : {}),
    });
    results.set(a.rule, list);
    if (!firstMessage.has(a.rule) && a.status !== 'blocked') firstMessage.set(a.rule, a.message);
  }
  const entries: ExpectedRule[] = [...results].map(([rule, list]) => {
    const before = previous.get(rule);
    const blockedOnly = list.every((x) => x.status === 'blocked');
    const reason = before?.reason ?? (blockedOnly ? `blocked by ${[...new Set(list.map((x) => x.blockedBy))].join(', ')}` : firstLine(firstMessage.get(rule)));
    return {
      rule, reason, ...(before?.issue !== undefined ? { issue: before.issue } : {}),
      results: list.sort((a, b) => a.scenario.localeCompare(b.scenario)),
    };
  });
  const profile = declared !== undefined ? [...declared] : existing?.profile;
  return {
    $schema: existing?.$schema ?? SCHEMA_REF,
    version: 2,
    implementation: existing?.implementation ?? implementation,
    ...(profile !== undefined ? { profile } : {}),
    rules: entries.sort((a, b) => a.rule.localeCompare(b.rule)),
  };
}

/**
 * Each property scenario's counterexamples worth storing: those its run did not take from the
 * suite's corpus (which every run replays anyway), one per case.
 */
function storedCases(scenarios: readonly ScenarioResult[]): Map<string, StoredCase[]> {
  const out = new Map<string, StoredCase[]>();
  for (const s of scenarios) {
    const failures = s.property?.failures;
    if (!Array.isArray(failures)) continue;
    const list: StoredCase[] = [];
    for (const f of failures as Array<{ origin?: string; caseId?: string; signature?: string; counterexample?: { input?: unknown } }>) {
      if (f.origin === 'corpus' || typeof f.caseId !== 'string' || typeof f.signature !== 'string' || f.counterexample === undefined) continue;
      if (list.some((c) => c.id === f.caseId && c.signature === f.signature)) continue;
      list.push({ id: f.caseId, signature: f.signature, input: f.counterexample.input });
    }
    if (list.length > 0) out.set(s.id, list);
  }
  return out;
}

function firstLine(message: string | undefined): string {
  const line = (message ?? '').split('\n').map((l) => l.trim()).find((l) => l !== '') ?? 'no message';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}
