import type { Finding } from '../../model/finding';
import fc from 'fast-check';
import {
  AdapterError, RequestTimeoutError, UnsupportedError,
  type AdapterClient, type Exchange, type Manifest, type UrlResult,
} from '../../protocol';
import { caseId } from '../corpus/caseId';
import type { CaseSource, ReplayCase } from '../corpus/corpus';
import { curlCommands } from '../printer/curl';
import { printGherkin } from '../printer/gherkin';
import type { PropertyDefinition } from './definition';
import { PropertyFailure } from './PropertyFailure';
import { executePlan, type Divergence, type RequestObservation, type Violation } from './execute';
import { describeCheck, type Plan } from './plan';
import { AnswerMemo, PlanMemo } from './planMemo';
import { sendAhead, type AheadOptions } from './sendAhead';

/** Narrows a refused manifest to the refused definition's rule (attribution/diagnoseBoot.ts, given by the caller). */
export type DiagnoseBoot = (manifest: Manifest, tryBoot: (manifest: Manifest) => Promise<boolean>) => Promise<{ rule: string; definition: string } | undefined>;

export interface PropertyRunOptions {
  client: AdapterClient;
  /** How a refused boot is narrowed to its definition, as for a scenario; without it, it stays the property's first rule's. */
  diagnoseBoot?: DiagnoseBoot;
  /** Differential mode: the oracle target gets the same cases; differences are recorded. */
  oracle?: AdapterClient;
  seed: number;
  numRuns: number;
  /** fast-check replay path: with `seed`, replays exactly that case and stops at its failure. */
  replayPath?: string;
  /** The scenario's @id, used to name the printed counterexample. */
  scenarioId?: string;
  /** How many divergences to keep in the attachment (all are counted). */
  maxDivergences?: number;
  /** How many distinct failures (signatures) the random search looks for at most (default 5). */
  maxFailures?: number;
  /**
   * Known hard cases (corpus/corpus.ts), each tried once before the random search, so that a
   * failure found once is found again whatever the seed. Left out with `replayPath`.
   */
  replay?: readonly ReplayCase[];
  /** Cases sent ahead of the search, several at once (sendAhead.ts); without it, each case is sent in its turn. */
  ahead?: AheadOptions;
}

/** Where a failure's case came from: a stored case replayed, or this run's random search. */
export type FailureOrigin = CaseSource | 'search';

/** One distinct failure of a property, with its own shrunk counterexample. */
export interface PropertyFailureInfo {
  /** `<rule>:<kind>` (failureKind.ts). */
  signature: string;
  rule: string;
  needs: string[];
  finding?: Finding;
  /** A stored case replayed (found again on every run), or this run's random search (seed and path). */
  origin: FailureOrigin;
  /** The case's stable id (corpus/caseId.ts): --update-expectations stores the case under it. */
  caseId: string;
  /** fast-check's replay path (search only). */
  path?: string;
  shrinks: number;
  /** The case's input, manifest and failing checks. */
  counterexample: {
    input: unknown;
    manifest: Manifest;
    failing: Array<{ input?: string; rule: string; messages: string[]; observed?: unknown }>;
  };
  gherkin: string;
  curl: string;
  /** The first line of what went wrong, for summaries. */
  summary: string;
  /** The command-line options that replay exactly this case. */
  replay: string;
}

/** MEDIA.property attachment's evidence about one rule (model/results.ts). */
export interface PropertyOutcome {
  rule: string;
  status: 'passed' | 'failed' | 'errored' | 'timed-out' | 'unsupported' | 'skipped';
  needs?: string[];
  signatures?: string[];
  message?: string;
  step?: string;
  /** The first counterexample's finding and manifest: judged like a scenario's (attribution/assertion.ts). */
  finding?: Finding;
  manifest?: Manifest;
}

/** The MEDIA.property attachment (conformance-runner/src/protocol/world.ts). */
export interface PropertyInfo {
  property: string;
  seed: number;
  numRuns: number;
  path?: string;
  result: 'passed' | 'failed' | 'timed-out' | 'errored' | 'unsupported';
  /** Cases run over every search round (the replayed cases not included). */
  runs: number;
  /** The stored cases tried before the search: how many, which failed, which no longer plan (a stale stored input). */
  replayed?: { cases: number; failing: string[]; unusable: Array<{ id: string; message: string }> };
  shrinks?: number;
  /** The first failure's counterexample (every failure is in `failures`). */
  counterexample?: PropertyFailureInfo['counterexample'];
  gherkin?: string;
  curl?: string;
  /** Every distinct failure found, each with its own shrunk counterexample. */
  failures?: PropertyFailureInfo[];
  /** One entry per rule of the property: what the run says about it. */
  outcomes?: PropertyOutcome[];
  /** Differential mode only: differences between target and oracle (never failures). */
  divergences?: Divergence[];
  divergenceCount?: number;
  durationMs: number;
}

export interface PropertyResult {
  info: PropertyInfo;
  /** The first failing (or timed-out) case's manifest and exchanges, for MEDIA.repro. */
  repro?: { manifest: Manifest; exchanges: Exchange[] };
  /** What the scenario must throw: an assertion error, a RequestTimeoutError or an AdapterError. */
  error?: Error;
}

/** A case broke the property; fast-check shrinks on it. */
export class PropertyViolation extends Error {
  override name = 'PropertyViolation';
  constructor(readonly violations: Violation[]) {
    super(violations.map((v) => `${v.check ? `${describeCheck(v.check)}: ` : ''}${v.messages.join('; ')}`).join('\n'));
  }
}

interface CaseRecord { plan: Plan; violations: Violation[]; exchanges: Exchange[] }
interface Fatal { error: Error; plan: Plan; value: unknown; exchanges: Exchange[]; index: number }

/** Errors that end the property without shrinking: the target hangs or breaks the protocol. */
function isFatal(err: unknown): err is RequestTimeoutError | AdapterError | UnsupportedError {
  return err instanceof RequestTimeoutError || err instanceof AdapterError || err instanceof UnsupportedError;
}

const DEFAULT_MAX_FAILURES = 5;

/**
 * Runs one property against a target with fast-check. Each case loads one application, sends its
 * checks, deletes it. A violation is classified by how it failed (engine/failureKind.ts), charged to
 * that kind's rule and shrunk; then the search goes on, in rounds of at most `numRuns` cases, for
 * failures of other signatures — each shrunk on its own — so that one bug does not hide another
 * (bounded by `maxFailures`). A timeout or protocol error ends the property at once (no shrinking
 * against a hanging target) and is reported as such, with the case that caused it.
 */
export async function runProperty<T>(def: PropertyDefinition<T>, opts: PropertyRunOptions): Promise<PropertyResult> {
  const started = performance.now();
  const { client, oracle } = opts;
  const known = new Set<string>();
  const failures: PropertyFailureInfo[] = [];
  let firstRecord: CaseRecord | undefined;
  let fatal: Fatal | undefined;
  let executed = 0;
  // A plan is sent once per property run: shrinking and later rounds ask about the same plans again.
  const memo = new PlanMemo();
  // Against an adapter that rebuilds the application for every request, no request is sent twice
  // either, nor a URL asked twice, by this property or another one checked against the same target.
  const answers = client.sharesApps
    ? { requests: AnswerMemo.of<RequestObservation>(client.address), urls: AnswerMemo.of<UrlResult>(client.address, 'url') }
    : undefined;
  let runs = 0;
  const divergences: Divergence[] = [];
  const divergenceKeys = new Set<string>();
  let divergenceCount = 0;
  const maxDivergences = opts.maxDivergences ?? 50;
  const maxFailures = opts.replayPath !== undefined ? 1 : opts.maxFailures ?? DEFAULT_MAX_FAILURES;
  if (opts.replayPath !== undefined && !/^\d+(:\d+)*$/.test(opts.replayPath)) {
    throw new Error(`--path ${JSON.stringify(opts.replayPath)} is not a fast-check replay path (numbers separated by ":", as printed with a failure)`);
  }

  /** One case sent (or taken from the memo): the violations not seen before, or undefined after a fatal error. */
  const examine = async (value: T, plan: Plan, collect: boolean): Promise<CaseRecord | undefined> => {
    executed++;
    let sent = memo.get(plan);
    if (sent === undefined) {
      client.resetLog();
      try {
        const outcome = await executePlan(plan, client, oracle, def.rules[0]!, answers);
        sent = { outcome, exchanges: [...client.exchanges] };
        memo.set(plan, outcome, sent.exchanges);
      } catch (err) {
        if (!isFatal(err)) throw err;
        fatal = { error: err, plan, value, exchanges: [...client.exchanges], index: executed };
        return undefined;
      }
    }
    const { outcome } = sent;
    if (collect) collectDivergences(outcome.divergences);
    return { plan, violations: outcome.violations, exchanges: sent.exchanges };
  };

  // Against a target that serves several requests at once, the cases below are sent ahead, several
  // at once; they are then found in the memo, in their turn. Not in differential mode (the oracle's
  // answers are compared as each case is examined) nor for one replayed path.
  if (opts.ahead !== undefined && opts.ahead.width > 1 && oracle === undefined && opts.replayPath === undefined) {
    await sendAhead(def, (opts.replay ?? []).map((c) => c.input), opts.seed, opts.numRuns, opts.ahead, memo,
      (plan, slot) => executePlan(plan, slot, undefined, def.rules[0]!, answers));
  }

  // Stored cases first, each once, in a fixed order: what they show does not depend on the seed.
  const replayed = opts.replayPath === undefined && opts.replay !== undefined && opts.replay.length > 0
    ? { cases: opts.replay.length, failing: [] as string[], unusable: [] as Array<{ id: string; message: string }> }
    : undefined;
  for (const stored of replayed ? opts.replay! : []) {
    if (fatal) break;
    let plan: Plan;
    try {
      plan = def.plan(stored.input as T);
    } catch (err) {
      // A case stored by an older suite whose cases had another shape: said, never fatal.
      replayed!.unusable.push({ id: stored.id, message: (err as Error).message });
      continue;
    }
    const record = await examine(stored.input as T, plan, true);
    if (record === undefined || record.violations.length === 0) continue;
    replayed!.failing.push(stored.id);
    const fresh = { ...record, violations: record.violations.filter((v) => !known.has(v.signature)) };
    if (fresh.violations.length === 0) continue;
    firstRecord ??= fresh;
    for (const failure of describeFailures(def, opts, stored.input as T, { caseId: stored.id, source: stored.source }, 0, fresh)) {
      known.add(failure.signature);
      failures.push(failure);
    }
  }

  // Then the random search, for failures of other signatures, each shrunk on its own.
  const searchFound = (): number => failures.filter((f) => f.origin === 'search').length;
  for (let round = 0; searchFound() < maxFailures && !fatal; round++) {
    const records = new WeakMap<object, CaseRecord>();
    let last: CaseRecord | undefined;
    const property = fc.asyncProperty(def.arbitrary(), async (value: T) => {
      // After a hang or protocol error nothing more is sent: every further case "passes" at once,
      // so fast-check neither keeps running nor shrinks towards a case that never failed.
      if (fatal) return true;
      const record = await examine(value, def.plan(value), round === 0);
      if (record === undefined) return true;
      // Failures already found do not count again: the search is for other signatures.
      const fresh = record.violations.filter((v) => !known.has(v.signature));
      if (fresh.length > 0) {
        const freshRecord = { ...record, violations: fresh };
        if (typeof value === 'object' && value !== null) records.set(value, freshRecord);
        last = freshRecord;
        throw new PropertyViolation(fresh);
      }
      return true;
    });
    const params: fc.Parameters<[T]> = { seed: opts.seed, numRuns: opts.numRuns };
    if (opts.replayPath !== undefined) {
      params.path = opts.replayPath;
      params.endOnFailure = true;
    }
    const details = await fc.check(property, params);
    runs += details.numRuns;
    if (!details.failed || details.counterexample === null) {
      if (details.failed) throw new Error(`fast-check could not run the property "${def.name}": ${fc.defaultReportMessage(details) ?? 'no details'}`);
      break;
    }
    if (!(details.errorInstance instanceof PropertyViolation)) {
      // The predicate threw something other than a violation: a bug in the suite, not the target.
      throw details.errorInstance instanceof Error ? details.errorInstance : new Error(String(details.errorInstance));
    }
    const value = details.counterexample[0];
    const record = (typeof value === 'object' && value !== null ? records.get(value) : undefined) ?? last!;
    firstRecord ??= record;
    for (const failure of describeFailures(def, opts, value, { seed: opts.seed, path: details.counterexamplePath }, details.numShrinks, record)) {
      if (known.has(failure.signature)) continue;
      known.add(failure.signature);
      failures.push(failure);
    }
  }

  const info: PropertyInfo = { property: def.name, seed: opts.seed, numRuns: opts.numRuns, result: 'passed', runs, durationMs: 0 };
  if (opts.replayPath !== undefined) info.path = opts.replayPath;
  if (replayed) info.replayed = replayed;
  if (oracle) { info.divergences = divergences; info.divergenceCount = divergenceCount; }
  const finish = (result: PropertyResult): PropertyResult => {
    result.info.durationMs = Math.round(performance.now() - started);
    return result;
  };
  // A refused boot is the refused definition's failure, as it is for a scenario (attribution/diagnoseBoot.ts).
  if (opts.diagnoseBoot !== undefined) for (const f of failures) if (f.signature === 'boot') await diagnoseFailedBoot(f, client, opts.diagnoseBoot);
  if (failures.length > 0) return finish(failed(def, opts, info, failures, firstRecord!, fatal));
  if (fatal) return finish(halted(def, opts, info, fatal));
  info.outcomes = def.rules.map((rule) => ({ rule, status: 'passed' }));
  return finish({ info });

  function collectDivergences(found: Divergence[]): void {
    for (const d of found) {
      const key = `${d.input}|${d.field}`;
      if (divergenceKeys.has(key)) continue;
      divergenceKeys.add(key);
      divergenceCount++;
      if (divergences.length < maxDivergences) divergences.push(d);
    }
  }
}

async function diagnoseFailedBoot(f: PropertyFailureInfo, client: AdapterClient, diagnoseBoot: DiagnoseBoot): Promise<void> {
  const mark = client.exchanges.length;
  try {
    const d = await diagnoseBoot(f.counterexample.manifest, async (manifest) => {
      const result = await client.loadApp(manifest);
      if (result.ok) await client.deleteApp(result.app);
      return result.ok;
    });
    if (d !== undefined) {
      f.rule = d.rule;
      f.summary = `${f.summary} (the framework refuses ${d.definition})`;
    }
  } catch {
    // The diagnosis is a refinement: without it the failure stays the property's first rule's.
  } finally {
    client.exchanges.splice(mark);
  }
}

type CaseOrigin = { seed: number; path: string } | { caseId: string; source: CaseSource };

/** The distinct failures of one case (shrunk, or stored), one per signature. */
function describeFailures<T>(def: PropertyDefinition<T>, opts: PropertyRunOptions, value: T, origin: CaseOrigin, shrinks: number, record: CaseRecord): PropertyFailureInfo[] {
  const bySignature = new Map<string, Violation[]>();
  for (const v of record.violations) bySignature.set(v.signature, [...(bySignature.get(v.signature) ?? []), v]);
  const id = 'caseId' in origin ? origin.caseId : caseId(value);
  const only = opts.scenarioId ? ` --tags "@id:${opts.scenarioId}"` : '';
  const replay = 'seed' in origin
    ? `--seed ${origin.seed} --path "${origin.path}"${only}`
    : `any seed${only} (case ${id} of ${origin.source === 'corpus' ? "the suite's corpus" : 'the expectations file'}, replayed first on every run)`;
  return [...bySignature.values()].map((violations) => {
    const first = violations[0]!;
    const failing = violations.map((v) => ({ input: v.check ? describeCheck(v.check) : undefined, rule: v.rule, messages: v.messages, observed: v.observation }));
    return {
      signature: first.signature, rule: first.rule, needs: first.needs,
      origin: 'seed' in origin ? 'search' as const : origin.source, caseId: id,
      ...('seed' in origin ? { path: origin.path } : {}), shrinks,
      ...(first.finding !== undefined ? { finding: first.finding } : {}),
      counterexample: { input: value, manifest: record.plan.manifest, failing },
      gherkin: printGherkin({
        property: def.name, scenarioId: opts.scenarioId, rules: def.rules, capabilities: def.capabilities,
        origin, caseId: id, manifest: record.plan.manifest,
        failing: violations.map((v) => ({ check: v.check, rule: v.rule, messages: v.messages })),
      }),
      curl: curlCommands(opts.client.address.url, record.plan.manifest, violations.flatMap((v) => (v.check ? [v.check] : []))),
      summary: `${first.check ? `${describeCheck(first.check)}: ` : ''}${first.messages[0] ?? ''}`,
      replay,
    };
  });
}

function failed<T>(def: PropertyDefinition<T>, opts: PropertyRunOptions, info: PropertyInfo, failures: PropertyFailureInfo[], record: CaseRecord, fatal: Fatal | undefined): PropertyResult {
  const first = failures[0]!;
  info.result = 'failed';
  if (first.path !== undefined) info.path = first.path;
  info.shrinks = first.shrinks;
  info.counterexample = first.counterexample;
  info.gherkin = first.gherkin;
  info.curl = first.curl;
  info.failures = failures;
  const step = `the property "${def.name}"`;
  const byRule = new Map<string, PropertyFailureInfo[]>();
  for (const f of failures) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  info.outcomes = [
    ...[...byRule].map(([rule, list]): PropertyOutcome => ({
      rule, status: 'failed', step, needs: [...new Set(list.flatMap((f) => f.needs))], signatures: [...new Set(list.map((f) => f.signature))],
      ...(list[0]!.finding !== undefined ? { finding: list[0]!.finding, manifest: list[0]!.counterexample.manifest } : {}),
      message: list.map((f) => `${f.summary} (${f.origin === 'search' ? `replay with ${f.replay}` : `case ${f.caseId} of ${f.origin === 'corpus' ? "the suite's corpus" : 'the expectations file'}, replayed on every run`})`).join('\n'),
    })),
    ...def.rules.filter((r) => !byRule.has(r)).map((rule): PropertyOutcome => ({ rule, status: 'passed' })),
  ];
  const message = [
    `The property "${def.name}" does not hold: ${def.title}.`,
    `${failures.length} distinct failure(s) (${info.replayed ? `${info.replayed.cases} stored case(s) replayed, then ` : ''}seed ${opts.seed}, ${info.runs} case(s) searched):`,
    ...failures.map((f, i) => `  ${i + 1}. [${f.rule}] ${f.summary}\n     ${f.origin === 'search' ? `found by this run's search, ${f.shrinks} shrink(s); replay: ${f.replay}; --update-expectations stores it as case ${f.caseId}` : `replay: ${f.replay}`}`),
    ...(fatal ? [`The search stopped early: ${fatal.error.message}`] : []),
    '',
    'The first as a scenario:',
    first.gherkin,
    '',
    'With curl:',
    first.curl,
  ].join('\n');
  return { info, repro: { manifest: record.plan.manifest, exchanges: record.exchanges }, error: new PropertyFailure(message) };
}

function halted<T>(def: PropertyDefinition<T>, opts: PropertyRunOptions, info: PropertyInfo, fatal: Fatal): PropertyResult {
  const { error, plan, exchanges } = fatal;
  info.runs = fatal.index;
  info.result = error instanceof RequestTimeoutError ? 'timed-out' : error instanceof UnsupportedError ? 'unsupported' : 'errored';
  const pending = exchanges.filter((e) => e.status === undefined).map((e) => `${e.method} ${e.path}`);
  info.counterexample = {
    input: fatal.value,
    manifest: plan.manifest,
    failing: [{ input: pending[0], rule: def.rules[0]!, messages: [error.message] }],
  };
  info.curl = curlCommands(opts.client.address.url, plan.manifest, plan.checks);
  if (error instanceof RequestTimeoutError || error instanceof AdapterError) {
    error.message = `${error.message} (property "${def.name}", seed ${opts.seed}, case ${fatal.index}; manifest and requests in the report)`;
  }
  // The case that hung or broke the protocol is charged to the property's first rule; the others were not
  // fully checked, so they say nothing (never "passed").
  const status = info.result as PropertyOutcome['status'];
  info.outcomes = def.rules.map((rule, i): PropertyOutcome => (i === 0 || status === 'unsupported'
    ? { rule, status, message: error.message }
    : { rule, status: 'skipped', message: `not fully checked: the property stopped at case ${fatal.index}` }));
  return { info, repro: { manifest: plan.manifest, exchanges }, error };
}
