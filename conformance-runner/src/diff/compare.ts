import type { LoadedReport } from '../reports/read';
import type { ConformanceReport } from '../reports/model';
import { counts as levelCounts, type Level } from '../model/levels';
import type { RuleResult } from '../model/results';
import type { Status } from '../model/status';
import type { VerdictKind } from '../model/verdict';
import { narrowing } from '../matrix/columns';
import { classify, type ChangeKind } from './changeKind';
import { countOf } from './count';

/** Two reports that cannot be compared: the CLI prints the message and exits 2. */
export class DiffInputError extends Error {
  override name = 'DiffInputError';
}

/** A rule or scenario whose result changed. */
export interface ItemChange {
  kind: ChangeKind;
  id: string;
  /** The level that decides whether the change counts: the new report's, or the old one's when it is gone. */
  level: Level;
  before: Status | null;
  after: Status | null;
  /** Root causes blocking it in the new report (blocked), or in the old one (unblocked). */
  blockedBy: string[];
  /** The first failure in the new report (regressed, changed), or in the old one (fixed). */
  message: string | null;
  /** Why it is in one report only (appeared, disappeared). */
  why: string | null;
}

/** A rule change, with the changes of its scenarios of the same kind. */
export interface RuleChange extends ItemChange {
  statement: string;
  scenarios: ItemChange[];
}

export interface Side {
  file: string;
  label: string;
  suiteVersion: string;
  startedAt: string;
  verdict: VerdictKind;
  verdictReason: string;
  gate: boolean;
  complete: boolean;
  incompleteReason: string | null;
  conformance: { passed: number; total: number; percent: number };
  profile: { full: boolean; declared: string[]; missing: string[] };
  narrowed: string | null;
}

export interface ReportDiff {
  old: Side;
  new: Side;
  /** Implementation version, when it changed. */
  version: { before: string; after: string } | null;
  capabilities: { dropped: string[]; added: string[] };
  rules: RuleChange[];
  /** Scenario changes not told by a change of the same kind of one of their rules. */
  scenarios: ItemChange[];
  /** Why the diff fails (exit 1); empty when it does not. */
  regressions: string[];
  /** Nothing changed at all (a report against itself). */
  unchanged: boolean;
}

/** Compares two reports of one implementation. */
export function diffReports(oldLoaded: LoadedReport, newLoaded: LoadedReport): ReportDiff {
  const before = oldLoaded.report;
  const after = newLoaded.report;
  const a = before.implementation;
  const b = after.implementation;
  if (a && b && a.name !== b.name) {
    throw new DiffInputError(`${oldLoaded.file} is a report of ${a.name} and ${newLoaded.file} of ${b.name}: diff compares two runs of one implementation (use fw-conformance matrix to compare implementations)`);
  }
  const why = absenceReasons(oldLoaded, newLoaded);

  const oldRules = new Map(before.rules.map((r) => [r.id, r]));
  const newRules = new Map(after.rules.map((r) => [r.id, r]));
  const ruleChanges: RuleChange[] = [];
  for (const id of union(after.rules.map((r) => r.id), before.rules.map((r) => r.id))) {
    const o = oldRules.get(id);
    const n = newRules.get(id);
    const blockersChanged = o !== undefined && n !== undefined && o.blockedBy.join() !== n.blockedBy.join();
    const kind = classify(o?.status ?? null, n?.status ?? null, blockersChanged);
    if (kind === null) continue;
    const rule = (n ?? o)!;
    ruleChanges.push({
      kind, id, level: rule.level, before: o?.status ?? null, after: n?.status ?? null, statement: rule.statement,
      blockedBy: kind === 'unblocked' ? o!.blockedBy : (n?.blockedBy ?? []),
      message: kind === 'fixed' ? firstFailure(o!, before) : n ? firstFailure(n, after) : null,
      why: kind === 'appeared' || (kind === 'regressed' && o === undefined) ? why.appeared : kind === 'disappeared' ? why.disappeared : null,
      scenarios: [],
    });
  }

  const oldScenarios = new Map(before.scenarios.map((s) => [s.id, s]));
  const newScenarios = new Map(after.scenarios.map((s) => [s.id, s]));
  const byRule = new Map(ruleChanges.map((r) => [r.id, r]));
  // A scenario speaks about its own rule and, for a property, the rules its failures were charged
  // to: both reports' rules[].scenarios say which.
  const evidenceOf = new Map<string, Set<string>>();
  for (const r of [...before.rules, ...after.rules]) {
    for (const id of r.scenarios) evidenceOf.set(id, (evidenceOf.get(id) ?? new Set()).add(r.id));
  }
  const scenarioChanges: ItemChange[] = [];
  for (const id of union(after.scenarios.map((s) => s.id), before.scenarios.map((s) => s.id))) {
    const o = oldScenarios.get(id);
    const n = newScenarios.get(id);
    const kind = classify(o?.status ?? null, n?.status ?? null, o !== undefined && n !== undefined && o.blockedBy !== n.blockedBy);
    if (kind === null) continue;
    const s = (n ?? o)!;
    const blocker = kind === 'unblocked' ? o?.blockedBy : n?.blockedBy;
    const change: ItemChange = {
      kind, id, level: s.level, before: o?.status ?? null, after: n?.status ?? null,
      blockedBy: blocker ? [blocker] : [],
      message: kind === 'fixed' ? o?.message ?? null : n?.message ?? null,
      why: kind === 'appeared' || (kind === 'regressed' && o === undefined) ? why.appeared : kind === 'disappeared' ? why.disappeared : null,
    };
    // Told under its rule when the rule changed the same way: one line per fault, not one per scenario.
    const owner = [...new Set([...s.rules, ...(evidenceOf.get(id) ?? [])])].map((r) => byRule.get(r)).find((r) => r !== undefined && r.kind === kind);
    if (owner) owner.scenarios.push(change);
    else scenarioChanges.push(change);
  }

  const capabilities = {
    dropped: before.profile.declared.filter((c) => !after.profile.declared.includes(c)),
    added: after.profile.declared.filter((c) => !before.profile.declared.includes(c)),
  };
  const version = a && b && a.version !== b.version ? { before: a.version, after: b.version } : null;
  const diff: ReportDiff = {
    old: sideOf(oldLoaded), new: sideOf(newLoaded), version, capabilities,
    rules: ruleChanges, scenarios: scenarioChanges, regressions: [], unchanged: false,
  };
  diff.regressions = regressionsOf(diff);
  diff.unchanged = ruleChanges.length === 0 && scenarioChanges.length === 0 && version === null
    && capabilities.dropped.length === 0 && capabilities.added.length === 0
    && diff.old.verdict === diff.new.verdict && diff.old.gate === diff.new.gate && diff.old.complete === diff.new.complete
    && diff.old.suiteVersion === diff.new.suiteVersion;
  return diff;
}

/** Whether a change counts: must and implied rules decide, reference rules inform. */
export function isCounted(change: ItemChange): boolean {
  return levelCounts(change.level);
}

/** The reasons the diff fails: counted regressions, a capability dropped, a run that became incomplete. */
function regressionsOf(diff: ReportDiff): string[] {
  const out: string[] = [];
  const rules = diff.rules.filter((r) => r.kind === 'regressed' && isCounted(r));
  const scenarios = [...diff.rules.flatMap((r) => r.scenarios), ...diff.scenarios].filter((s) => s.kind === 'regressed' && isCounted(s));
  if (rules.length + scenarios.length > 0) out.push(countOf(rules.length, scenarios.length, 'must/implied '));
  if (diff.capabilities.dropped.length > 0) out.push(`capabilit${diff.capabilities.dropped.length === 1 ? 'y' : 'ies'} no longer declared: ${diff.capabilities.dropped.join(', ')}`);
  if (diff.old.complete && !diff.new.complete) out.push('the new run is incomplete');
  return out;
}

function sideOf({ file, report }: LoadedReport): Side {
  const impl = report.implementation;
  return {
    file, label: impl ? `${impl.name} ${impl.version}` : 'unknown implementation',
    suiteVersion: report.suite.version, startedAt: report.startedAt,
    verdict: report.verdict, verdictReason: report.verdictReason, gate: report.gate.pass,
    complete: report.complete, incompleteReason: report.incompleteReason,
    conformance: report.summary.conformance,
    profile: { full: report.profile.full, declared: report.profile.declared, missing: report.profile.missing },
    narrowed: narrowing(report),
  };
}

/** Why a rule or scenario is in one report only: another suite, or a narrowed run. */
function absenceReasons(oldLoaded: LoadedReport, newLoaded: LoadedReport): { appeared: string; disappeared: string } {
  const reason = (missingIn: ConformanceReport, other: ConformanceReport, side: string) => {
    const narrowed = narrowing(missingIn);
    if (narrowed !== null) return `not selected by the ${side} run (${narrowed})`;
    if (missingIn.suite.version !== other.suite.version) return `not in the ${side} suite (${missingIn.suite.version})`;
    return `not in the ${side} report`;
  };
  return {
    appeared: reason(oldLoaded.report, newLoaded.report, 'old'),
    disappeared: reason(newLoaded.report, oldLoaded.report, 'new'),
  };
}

/** The message of the first outcome that did not pass (what the rule's report shows first). */
function firstFailure(rule: RuleResult, report: ConformanceReport): string | null {
  const outcome = rule.outcomes.find((o) => o.status === rule.status && o.message) ?? rule.outcomes.find((o) => o.status !== 'passed' && o.message);
  if (outcome?.message) return `${outcome.scenario}: ${outcome.message}`;
  return report.rootCauses.find((r) => r.rule === rule.id)?.message ?? null;
}

/** Ids of both lists, the first list's order first. */
function union(first: string[], second: string[]): string[] {
  return [...new Set([...first, ...second])];
}
