import type { Exchange } from '../protocol/AdapterClient';
import type { Info } from '../protocol/manifest';
import type { Comparison } from '../expectations/compare';
import type { Level } from '../model/levels';
import type { RootCause } from '../model/rootCause';
import type { Summary } from '../model/summary';
import type { Gate, Profile, VerdictKind } from '../model/verdict';
import type { PropertyInfo, RuleResult, ScenarioResult } from '../model/results';

export const REPORT_VERSION = 4;

/**
 * How the adapter serves an application's requests (protocol §2.2, info `applications`): what it
 * declares, whether the run's probe saw the claim hold, and what the run did (run/applicationsClaim.ts).
 */
export interface ReportApplications {
  declared: 'per-request' | 'persistent';
  /** `held`, `failed` (then not used), or `unchecked` (persistent, or the probe could not load its applications). */
  claim: 'held' | 'failed' | 'unchecked';
  /** What the run did: shared each manifest's application (`per-request`) or loaded a fresh one every time. */
  used: 'per-request' | 'persistent';
  /** The adapter answered one application's request with another's answer: failures were not judged. */
  mixed: boolean;
  /** What the run made of it, when there is something to say. */
  message: string | null;
}

/** conformance.json (schema: conformance-runner/schema/report.schema.json). */
export interface ConformanceReport {
  /** 4 when written by this version; 2 or 3 in an older report read for a diff or a matrix. */
  reportVersion: typeof REPORT_VERSION | 3 | 2;
  suite: { name: string; version: string; spec: string };
  implementation: Info['implementation'] | null;
  protocol: number | null;
  capabilities: string[];
  /** Where the target came from; never the token. */
  target: { url: string | null; start: string | null };
  seed: number;
  numRuns: number;
  options: ReportOptions;
  startedAt: string;
  finishedAt: string;
  complete: boolean;
  incompleteReason: string | null;
  verdict: VerdictKind;
  verdictReason: string;
  /** Whether the run passes as a CI gate: the exit status (0 when it passes). */
  gate: Gate;
  profile: Profile;
  /** Rules charged with failures, most blocking first (must/implied before reference). */
  rootCauses: ReportRootCause[];
  expectations: (Comparison & { file: string; implementation: string }) | null;
  /** The adapter check run before the suite; null when skipped (--skip-adapter-check) or not run. */
  adapterCheck: AdapterCheckSummary | null;
  /** The adapter's `applications` claim and what the run made of it; null when the target was not opened. Absent before version 4. */
  applications?: ReportApplications | null;
  summary: Summary;
  rules: RuleResult[];
  scenarios: ReportScenario[];
  timing: Timing;
  coverage: CoverageInfo | null;
  warnings: string[];
}

export interface ReportOptions {
  tags: string | null;
  rules: string[];
  levels: Level[];
  expectations: string | null;
  updateExpectations: boolean;
  out: string;
  path: string | null;
  oracle: string | null;
  requestTimeoutMs: number;
  scenarioTimeoutMs: number | null;
  startTimeoutMs: number;
  parallel: number;
  failFast: boolean;
  coverage: boolean;
  skipAdapterCheck: boolean;
  profile: string[] | null;
}

/**
 * The adapter check (conformance-runner/src/check-adapter) run before the suite. Informative: it
 * never changes the verdict, and its requests are not scenario requests (not in `timing`).
 */
export interface AdapterCheckSummary {
  passed: number;
  failed: number;
  warnings: number;
  /** Framework observations: what the framework did that the suite itself will judge (never protocol faults). */
  notes: number;
  skipped: number;
  durationMs: number;
  checks: AdapterCheckEntry[];
}

export type AdapterCheckStatus = 'pass' | 'fail' | 'warn' | 'note' | 'skip';

export interface AdapterCheckEntry {
  id: string;
  /** Section of docs/adapter-protocol.md, e.g. `§2.3`. */
  section: string;
  title: string;
  status: AdapterCheckStatus;
  /** What was seen (pass), why it was skipped, or every deviation (fail, warn), one per line. */
  message: string | null;
  /** The exchanges behind a failure or a warning (empty otherwise). */
  evidence: Array<{ sent: string; got: string }>;
}

/** A root cause as reports show it: with its first failure in the framework's own words, when known. */
export interface ReportRootCause extends RootCause {
  /** Set when the report is written (reports/words.ts, failureWords); absent in older reports. */
  words?: FailureWords;
}

/**
 * A root cause's first failure as the framework and the implementer put it. Reports show, in this
 * order, the framework's error, else the adapter's stderr, else the failure's message (the body).
 */
export interface FailureWords {
  /** The first failing scenario, where these come from. */
  scenario: string | null;
  /** The framework's error behind its failing answer (X-Fw-Exception): `Class: message at file:line`. */
  frameworkError: string | null;
  /** What the adapter wrote to stderr while that scenario ran (its first lines), or null. */
  adapterOutput: string[] | null;
  /** The expectations file's reason for this rule's failures, when the file lists the rule. */
  expected: ExpectedReason | null;
}

/** Why an expectations file expects a rule to fail, as its author wrote it. */
export interface ExpectedReason {
  reason: string | null;
  issue: string | null;
}

/** A scenario as conformance.json shows it: the run's result, flattened, with nulls for "none". */
export interface ReportScenario
  extends Pick<ScenarioResult, 'id' | 'name' | 'feature' | 'rules' | 'level' | 'capabilities' | 'status' | 'durationMs'> {
  /** For a blocked scenario: the root-cause rule that blocks it. */
  blockedBy: string | null;
  /** The rule of a definition the framework refused to boot, with that definition. */
  boot: { message: string; rule: string | null; definition: string | null } | null;
  message: string | null;
  step: string | null;
  /** HTTP requests the runner measured during the scenario (null when not measured). */
  requests: number | null;
  manifest: unknown;
  exchanges: Exchange[] | null;
  property: PropertyInfo | null;
  /** What a started adapter wrote to stderr while the scenario ran (best effort); absent in older reports. */
  adapterOutput?: string[] | null;
}

export interface Timing {
  /** Wall time of the whole command (target start and stop included). */
  wallMs: number;
  /** Wall time of the cucumber run. */
  suiteMs: number;
  /** How many scenarios ran at once (the lanes of run/cucumber/lanes; 1: one after another); absent when the suite did not start. */
  lanes?: number;
  /** HTTP requests measured by the runner's support hook over every scenario. */
  requests: number;
  medianRequestMs: number | null;
  p95RequestMs: number | null;
  /** How the request figures were obtained. */
  method: string;
}

export interface CoverageInfo {
  dir: string;
  summary: string;
  uncovered: string;
}

/** Replaces every occurrence of the given secrets in an exchange (control-plane tokens). */
export function redactExchange(exchange: Exchange, secrets: string[]): Exchange {
  const scrub = (text: string) => scrubText(text, secrets);
  const headers = (h: Record<string, string> | undefined) =>
    h && Object.fromEntries(Object.entries(h).map(([k, v]) => [k, scrub(v)]));
  return {
    ...exchange,
    requestHeaders: headers(exchange.requestHeaders) ?? {},
    responseHeaders: headers(exchange.responseHeaders),
    requestBody: exchange.requestBody === undefined ? undefined : scrub(exchange.requestBody),
    responseBody: exchange.responseBody === undefined ? undefined : scrub(exchange.responseBody),
    ...(exchange.frameworkError !== undefined ? { frameworkError: { ...exchange.frameworkError, message: scrub(exchange.frameworkError.message) } } : {}),
  };
}

/** A text with every secret replaced (an adapter may print its token). */
function scrubText(text: string, secrets: string[]): string {
  return secrets.reduce((t, secret) => (secret ? t.split(secret).join('<redacted>') : t), text);
}

export function toReportScenario(s: ScenarioResult, secrets: string[]): ReportScenario {
  return {
    id: s.id, name: s.name, feature: s.feature, rules: s.rules, level: s.level, capabilities: s.capabilities,
    status: s.status, durationMs: s.durationMs,
    blockedBy: s.blockedBy ?? null,
    boot: s.boot ? { message: s.boot.message, rule: s.boot.rule ?? null, definition: s.boot.definition ?? null } : null,
    message: s.message ?? null, step: s.step ?? null,
    requests: s.timing ? s.timing.requests : null,
    manifest: s.repro?.manifest ?? null,
    exchanges: s.repro ? s.repro.exchanges.map((e) => redactExchange(e, secrets)) : null,
    property: s.property ?? null,
    adapterOutput: s.adapterOutput !== undefined && s.status !== 'passed' ? s.adapterOutput.map((line) => scrubText(line, secrets)) : null,
  };
}

/** Median and 95th percentile of the request durations collected over all scenarios. */
export function requestStats(scenarios: ScenarioResult[]): { requests: number; median: number | null; p95: number | null } {
  const all = scenarios.flatMap((s) => s.timing?.durationsMs ?? []).sort((a, b) => a - b);
  if (all.length === 0) return { requests: 0, median: null, p95: null };
  const mid = Math.floor(all.length / 2);
  const median = all.length % 2 === 1 ? all[mid]! : (all[mid - 1]! + all[mid]!) / 2;
  const p95 = all[Math.min(all.length - 1, Math.ceil(all.length * 0.95) - 1)]!;
  return { requests: all.length, median: round(median), p95: round(p95) };
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
