import fc from 'fast-check';
import {
  AdapterError, RequestTimeoutError, UnsupportedError,
  type AdapterClient, type Exchange, type Manifest,
} from '../../protocol';
import { curlCommands } from '../printer/curl';
import { printGherkin } from '../printer/gherkin';
import type { PropertyDefinition } from './definition';
import { executePlan, type Divergence, type Violation } from './execute';
import { describeCheck, type Plan } from './plan';

export interface PropertyRunOptions {
  client: AdapterClient;
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
}

/** The MEDIA.property attachment (conformance-runner/src/protocol/world.ts). */
export interface PropertyInfo {
  property: string;
  seed: number;
  numRuns: number;
  path?: string;
  result: 'passed' | 'failed' | 'timed-out' | 'errored' | 'unsupported';
  /** Cases run (up to and including the first failure). */
  runs: number;
  shrinks?: number;
  counterexample?: {
    input: unknown;
    manifest: Manifest;
    failing: Array<{ input?: string; rule: string; messages: string[]; observed?: unknown }>;
  };
  gherkin?: string;
  curl?: string;
  /** Differential mode only: differences between target and oracle (never failures). */
  divergences?: Divergence[];
  divergenceCount?: number;
  durationMs: number;
}

export interface PropertyResult {
  info: PropertyInfo;
  /** The failing (or timed-out) case's manifest and exchanges, for MEDIA.repro. */
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

/** The property does not hold: the scenario fails with this (an ordinary assertion failure). */
export class PropertyFailure extends Error {
  override name = 'AssertionError';
}

interface CaseRecord { plan: Plan; violations: Violation[]; exchanges: Exchange[] }
interface Fatal { error: Error; plan: Plan; value: unknown; exchanges: Exchange[]; index: number }

/** Errors that end the property without shrinking: the target hangs or breaks the protocol. */
function isFatal(err: unknown): err is RequestTimeoutError | AdapterError | UnsupportedError {
  return err instanceof RequestTimeoutError || err instanceof AdapterError || err instanceof UnsupportedError;
}

/**
 * Runs one property against a target with fast-check. Each case loads one application, sends its
 * checks, deletes it. A violation is shrunk and reported as a Gherkin scenario and curl commands;
 * a timeout or protocol error ends the property at once (no shrinking against a hanging target)
 * and is reported as such, with the case that caused it.
 */
export async function runProperty<T>(def: PropertyDefinition<T>, opts: PropertyRunOptions): Promise<PropertyResult> {
  const started = performance.now();
  const { client, oracle } = opts;
  const failures = new WeakMap<object, CaseRecord>();
  let last: CaseRecord | undefined;
  let fatal: Fatal | undefined;
  let executed = 0;
  const divergences: Divergence[] = [];
  const divergenceKeys = new Set<string>();
  let divergenceCount = 0;
  const maxDivergences = opts.maxDivergences ?? 50;

  const property = fc.asyncProperty(def.arbitrary(), async (value: T) => {
    // After a hang or protocol error nothing more is sent: every further case "passes" at once,
    // so fast-check neither keeps running nor shrinks towards a case that never failed.
    if (fatal) return true;
    executed++;
    const plan = def.plan(value);
    client.resetLog();
    let outcome;
    try {
      outcome = await executePlan(plan, client, oracle, def.rules[0]!);
    } catch (err) {
      if (!isFatal(err)) throw err;
      fatal = { error: err, plan, value, exchanges: [...client.exchanges], index: executed };
      return true;
    }
    for (const d of outcome.divergences) {
      const key = `${d.input}|${d.field}`;
      if (divergenceKeys.has(key)) continue;
      divergenceKeys.add(key);
      divergenceCount++;
      if (divergences.length < maxDivergences) divergences.push(d);
    }
    if (outcome.violations.length > 0) {
      const record = { plan, violations: outcome.violations, exchanges: [...client.exchanges] };
      if (typeof value === 'object' && value !== null) failures.set(value, record);
      last = record;
      throw new PropertyViolation(outcome.violations);
    }
    return true;
  });

  const params: fc.Parameters<[T]> = { seed: opts.seed, numRuns: opts.numRuns };
  if (opts.replayPath !== undefined) {
    if (!/^\d+(:\d+)*$/.test(opts.replayPath)) {
      throw new Error(`--path ${JSON.stringify(opts.replayPath)} is not a fast-check replay path (numbers separated by ":", as printed with a failure)`);
    }
    params.path = opts.replayPath;
    params.endOnFailure = true;
  }
  const details = await fc.check(property, params);
  const info: PropertyInfo = {
    property: def.name, seed: opts.seed, numRuns: opts.numRuns, result: 'passed', runs: details.numRuns,
    durationMs: 0,
  };
  if (opts.replayPath !== undefined) info.path = opts.replayPath;
  if (oracle) { info.divergences = divergences; info.divergenceCount = divergenceCount; }
  const finish = (result: PropertyResult): PropertyResult => {
    result.info.durationMs = Math.round(performance.now() - started);
    return result;
  };

  if (details.failed && details.counterexample !== null) {
    if (!(details.errorInstance instanceof PropertyViolation)) {
      // The predicate threw something other than a violation: a bug in the suite, not the target.
      throw details.errorInstance instanceof Error ? details.errorInstance : new Error(String(details.errorInstance));
    }
    const value = details.counterexample[0];
    const record = (typeof value === 'object' && value !== null ? failures.get(value) : undefined) ?? last!;
    return finish(failed(def, opts, info, value, details.counterexamplePath, details.numShrinks, record));
  }
  if (details.failed) {
    throw new Error(`fast-check could not run the property "${def.name}": ${fc.defaultReportMessage(details) ?? 'no details'}`);
  }
  if (fatal) return finish(halted(def, opts, info, fatal));
  return finish({ info });
}

function failed<T>(def: PropertyDefinition<T>, opts: PropertyRunOptions, info: PropertyInfo, value: T, path: string,
  shrinks: number, record: CaseRecord): PropertyResult {
  info.result = 'failed';
  info.path = path;
  info.shrinks = shrinks;
  const { plan, violations } = record;
  info.counterexample = {
    input: value,
    manifest: plan.manifest,
    failing: violations.map((v) => ({ input: v.check ? describeCheck(v.check) : undefined, rule: v.rule, messages: v.messages, observed: v.observation })),
  };
  info.gherkin = printGherkin({
    property: def.name, scenarioId: opts.scenarioId, rules: def.rules, capabilities: def.capabilities,
    seed: opts.seed, path, manifest: plan.manifest,
    failing: violations.map((v) => ({ check: v.check, rule: v.rule, messages: v.messages })),
  });
  info.curl = curlCommands(opts.client.address.url, plan.manifest, violations.flatMap((v) => (v.check ? [v.check] : [])));
  const message = [
    `The property "${def.name}" does not hold: ${def.title}.`,
    `Shrunk counterexample (seed ${opts.seed}, path "${path}", after ${info.runs} run(s) and ${shrinks} shrink(s)):`,
    ...violations.map((v) => `  - [${v.rule}] ${v.check ? `${describeCheck(v.check)}: ` : ''}${v.messages.join('; ')}`),
    `Replay exactly this case with --seed ${opts.seed} --path "${path}"${opts.scenarioId ? ` --tags "@id:${opts.scenarioId}"` : ''}.`,
    '',
    'As a scenario:',
    info.gherkin,
    '',
    'With curl:',
    info.curl,
  ].join('\n');
  return { info, repro: { manifest: plan.manifest, exchanges: record.exchanges }, error: new PropertyFailure(message) };
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
  return { info, repro: { manifest: plan.manifest, exchanges }, error };
}
