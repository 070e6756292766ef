import { randomInt } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CliOptions } from '../config/options';
import { compareWithExpectations, type Comparison } from '../expectations/compare';
import { ExpectationsError, loadExpectations } from '../expectations/load';
import type { ExpectationsFile } from '../expectations/types';
import { updateExpectations } from '../expectations/update';
import type { Capability } from '../protocol/manifest';
import type { EarlyProperty, WorldParameters } from '../protocol/world';
import { writeFileAtomic } from '../reports/atomic';
import { REPORT_VERSION, requestStats, toReportScenario, type AdapterCheckSummary, type ConformanceReport, type CoverageInfo } from '../reports/model';
import { writeReports } from '../reports/write';
import { terminalLine, terminalText } from '../protocol/inert';
import { verdictWords } from '../reports/words';
import { stopAllTargets, type Target, type TargetDeath } from '../target';
import { adapterCheckConsole, adapterCheckReminder, runAdapterCheck, summariseAdapterCheck, type AdapterCheckOutcome } from './adapter-check';
import { attribute, summarise } from './aggregate';
import { CircuitBreaker } from './breaker';
import { Collector } from './collector';
import type { Coverage } from './coverage';
import { runSuiteWithCucumber } from './cucumber';
import { abandonOpening, beginOpening, type Opening } from './open';
import { Progress } from './progress';
import type { ScenarioResult } from '../model/results';
import { select, SelectionError, type Selection } from './selection';
import { loadSuite, SuiteError, type Suite } from './suite';
import { decideVerdict, profileOf } from './verdict';
import { EXIT } from '../config/exitCodes';

export interface RunEnvironment {
  /** Where relative paths of the command line are resolved (and --start commands run). */
  cwd: string;
  /** The repository (package.json, reference/adapter). */
  repoRoot: string;
  /** features/ and steps/ (the repository, or FW_CONFORMANCE_SUITE_DIR for the runner's own tests). */
  suiteRoot: string;
  suiteVersion: string;
  tty: boolean;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Why a run stopped early: the target died, or a signal. */
interface Interruption {
  reason: string;
  exitCode: number;
  /** What to say about the scenarios that were running. */
  inFlight: { status: 'errored' | 'skipped'; message: string };
}

/**
 * When the run is interrupted during the adapter check (a signal, or the target died), how long
 * to wait for the check to finish so that the reports can include it. The check takes ~0.1 s; an
 * adapter that died makes it finish at once (connection refused).
 */
const ADAPTER_CHECK_GRACE_MS = 2000;

const TIMING_METHOD = 'undici diagnostics channels in every cucumber process (support/timing.ts): from the creation of each request to the end of its response body';

/** A whole conformance run: target, cucumber, results, reports, verdict. Returns the exit code. */
export async function runConformance(options: CliOptions, env: RunEnvironment, opening?: Opening): Promise<number> {
  const state: RunState = {};
  try {
    return await runGuarded(options, env, state, opening ?? beginOpening(options, env.cwd, env.repoRoot));
  } catch (err) {
    // A bug of the runner itself: the reports still say what was collected, and no adapter is left running.
    const message = (err as Error)?.stack ?? String(err);
    env.err(`fw-conformance: internal error (a bug of fw-conformance, please report it): ${message}\n`);
    try {
      if (state.base) {
        const i: Interruption = { reason: `internal error of fw-conformance: ${(err as Error)?.message ?? String(err)}`, exitCode: EXIT.fail, inFlight: { status: 'skipped', message: 'not finished: internal error of fw-conformance' } };
        await finishEarly(state.base, i, state.collector ?? new Collector(state.base.suite), state.target, 0);
      }
    } catch (inner) {
      env.err(`fw-conformance: the reports could not be written either: ${(inner as Error)?.message ?? String(inner)}\n`);
    } finally {
      await stopAllTargets();
    }
    return EXIT.fail;
  }
}

/** What an internal error may still report. */
interface RunState {
  base?: FinishBase;
  collector?: Collector;
  target?: Target;
}

async function runGuarded(options: CliOptions, env: RunEnvironment, state: RunState, opening: Opening): Promise<number> {
  const wallStart = opening.began;
  const startedAt = new Date(performance.timeOrigin + opening.began);
  let suite: Suite;
  let selection: Selection;
  let expectations: ExpectationsFile | undefined;
  try {
    suite = loadSuite(env.suiteRoot);
    selection = select(suite, { tags: options.tags, rules: options.rules, levels: options.levels });
    if (options.expectations && (!options.updateExpectations || fs.existsSync(options.expectations))) {
      expectations = loadExpectations(options.expectations, options.updateExpectations);
    }
  } catch (err) {
    // Nothing will run: the adapter already being started is stopped again.
    await abandonOpening(opening);
    if (err instanceof SelectionError || err instanceof ExpectationsError) {
      env.err(`fw-conformance: ${err.message}\n`);
      return EXIT.usage;
    }
    if (err instanceof SuiteError) {
      env.err(`fw-conformance: the suite cannot be loaded: ${err.message}\n`);
      return EXIT.fail;
    }
    throw err;
  }
  const seed = options.seed ?? randomInt(0, 2 ** 31 - 1);
  const outDir = path.resolve(env.cwd, options.out);
  const { coverage } = opening;
  const secrets: string[] = [];
  const say = (text: string) => { if (!options.quiet) env.out(text); };

  // Interruptions (signals, a dying target) settle this promise; the run races against it.
  let interrupt!: (i: Interruption) => void;
  /** The first interruption, once there is one (the promise below settles with it). */
  let interruption: Interruption | undefined;
  const interrupted = new Promise<Interruption>((resolve) => {
    interrupt = (i) => {
      interruption ??= i;
      resolve(i);
    };
  });
  let progress: Progress | undefined;
  /** Stops the run; `notice` is said at once (the reason itself ends the run's summary). */
  const stop = (i: Interruption, notice?: string) => {
    if (interruption === undefined) {
      progress?.mute();
      if (notice) env.err(`fw-conformance: ${notice}, writing partial reports\n`);
    }
    interrupt(i);
  };
  const maxTimer = options.maxTimeMs === undefined ? undefined : setTimeout(() => stop({
    reason: `the run reached --max-time ${options.maxTimeMs! / 1000} s`,
    exitCode: EXIT.fail,
    inFlight: { status: 'skipped', message: 'not finished: the run reached --max-time' },
  }, `--max-time ${options.maxTimeMs! / 1000} s reached`), options.maxTimeMs);
  maxTimer?.unref();
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      env.err(`fw-conformance: ${signal} again, stopping now without reports\n`);
      void stopAllTargets().finally(() => process.exit(EXIT.sigint));
      return;
    }
    env.err(`\nfw-conformance: ${signal} received, writing partial reports (press Ctrl-C again to quit at once)\n`);
    progress?.mute();
    interrupt({
      reason: `interrupted by ${signal}`,
      exitCode: signal === 'SIGINT' ? EXIT.sigint : EXIT.fail,
      inFlight: { status: 'skipped', message: `not finished: the run was interrupted by ${signal}` },
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const base: FinishBase = { options, env, suite, selection, seed, startedAt, wallStart, outDir, secrets, expectations, adapterCheck: null, runWarnings: [] };
  state.base = base;
  let target: Target | undefined;
  let oracle: Target | undefined;
  try {
    say(`fw-conformance ${env.suiteVersion}: ${selection.scenarios.length} scenarios, ${selection.rules.length} rules; seed ${seed} (replay with --seed ${seed})\n`);
    const opened = await Promise.race([
      opening.targets.then((t) => ({ kind: 'opened' as const, ...t })),
      interrupted.then((i) => ({ kind: 'interrupted' as const, interruption: i })),
    ]);
    if (opened.kind === 'interrupted') {
      await stopAllTargets();
      return await finishEarly(base, opened.interruption, new Collector(suite), undefined, 0);
    }
    if ('error' in opened) {
      env.err(`fw-conformance: ${opened.error}\n`);
      const earlier = earlierRun(outDir);
      if (earlier !== undefined) {
        // Nothing ran: an empty report would only replace the last real one.
        env.err(`fw-conformance: no reports written; ${display(env.cwd, outDir)}/ keeps the run of ${earlier}\n`);
        return EXIT.fail;
      }
      const i: Interruption = { reason: `the target could not be opened: ${opened.error}`, exitCode: EXIT.fail, inFlight: { status: 'skipped', message: 'not run' } };
      return await finishEarly(base, i, new Collector(suite), undefined, 0);
    }
    target = opened.target;
    oracle = opened.oracle;
    secrets.push(target.address.token, ...(oracle ? [oracle.address.token] : []));
    const impl = target.info.implementation;
    say(`target: ${terminalLine(impl.name)} ${terminalLine(impl.version)} (${terminalLine(impl.language)}) at ${target.address.url}, protocol ${target.info.protocol}; capabilities: ${target.info.capabilities.join(', ')}\n`);
    if (oracle) say(`oracle: ${terminalLine(oracle.info.implementation.name)} ${terminalLine(oracle.info.implementation.version)} at ${oracle.address.url}\n`);
    state.target = target;
    void target.died.then((death) => stop(deathInterruption(death)));
    void oracle?.died.then((death) => stop(deathInterruption(death, 'oracle (reference adapter)')));

    if (!options.skipAdapterCheck) {
      // Before cucumber starts: the check's requests are not scenario requests (see adapter-check.ts).
      const checking = runAdapterCheck(target, options.requestTimeoutMs);
      const checked = await Promise.race([
        checking.then((outcome) => ({ kind: 'checked' as const, outcome })),
        interrupted.then((i) => ({ kind: 'interrupted' as const, interruption: i })),
      ]);
      const outcome = checked.kind === 'checked' ? checked.outcome : await within(checking, ADAPTER_CHECK_GRACE_MS);
      // The check may finish just after the target died or a signal came: then no scenario runs.
      // Nor does it when the adapter stopped answering: every scenario would wait out its timeouts.
      const unresponsive = outcome !== undefined && 'report' in outcome ? outcome.report.unresponsive : undefined;
      const stop = checked.kind === 'interrupted' ? checked.interruption : interruption ?? (unresponsive === undefined ? undefined : {
        reason: `the adapter stopped answering during the adapter check (${unresponsive}); no scenario was run`,
        exitCode: EXIT.fail,
        inFlight: { status: 'skipped' as const, message: 'not run: the adapter stopped answering during the adapter check' },
      });
      recordAdapterCheck(base, outcome, { quiet: options.quiet, goesOn: stop === undefined }, env);
      if (stop) {
        const code = await finishEarly(base, stop, new Collector(suite), target, 0);
        await stopAllTargets();
        return code;
      }
    }

    if (options.scenarioTimeoutMs !== undefined) process.env.FW_STEP_TIMEOUT_MS = String(options.scenarioTimeoutMs);
    const early = earlyProperties(selection, options);
    const worldParameters: WorldParameters = {
      target: target.address,
      capabilities: target.info.capabilities,
      ...(target.info.server ? { serverLimits: target.info.server.limits, server: target.info.server.name } : {}),
      requestTimeoutMs: options.requestTimeoutMs,
      ...(target.info.applications === 'per-request' ? { shareApps: { unloadAtEnd: options.target !== undefined } } : {}),
      seed,
      numRuns: options.numRuns,
      ...(options.path !== undefined ? { replayPath: options.path } : {}),
      ...(oracle ? { oracle: oracle.address } : {}),
      ...(early.length > 0 ? { early } : {}),
    };
    const shown = new Progress({ total: selection.scenarios.length, tty: env.tty, quiet: options.quiet, write: env.out });
    progress = shown;
    if (interruption !== undefined) shown.mute();
    const breaker = new CircuitBreaker(options.circuitBreaker, (reason) => stop({
      reason, exitCode: EXIT.fail, inFlight: { status: 'skipped', message: 'not finished: the circuit breaker stopped the run' },
    }, 'the circuit breaker tripped (the target does not answer)'));
    const collector = new Collector(suite, {
      onStarted: (s) => shown.started(s),
      onFinished: (r) => { shown.finished(r); breaker.observe(r); },
    }, options.failFast);
    state.collector = collector;
    const suiteStart = performance.now();
    const outcome = await Promise.race([
      runSuiteWithCucumber({
        root: env.suiteRoot, worldParameters, tagExpression: selection.tagExpression,
        failFast: options.failFast, parallel: options.parallel, onMessage: collector.onMessage,
      }).then(() => ({ kind: 'done' as const }), (err: unknown) => ({ kind: 'crashed' as const, err })),
      interrupted.then((i) => ({ kind: 'interrupted' as const, interruption: i })),
    ]);
    shown.end();
    const suiteMs = performance.now() - suiteStart;
    if (outcome.kind === 'interrupted') {
      // Partial reports first, then the target: a reader gets the reports even if stopping hangs.
      const code = await finishEarly(base, outcome.interruption, collector, target, suiteMs);
      await stopAllTargets();
      return code;
    }
    if (outcome.kind === 'crashed') {
      const message = (outcome.err as Error)?.message ?? String(outcome.err);
      env.err(`fw-conformance: cucumber could not run the suite: ${message}\n`);
      const i: Interruption = { reason: `cucumber could not run the suite: ${message}`, exitCode: EXIT.fail, inFlight: { status: 'skipped', message: 'not run' } };
      const code = await finishEarly(base, i, collector, target, suiteMs);
      await stopAllTargets();
      return code;
    }

    await target.stop();
    await oracle?.stop();
    const coverageInfo = coverage ? coverageReport(coverage, outDir, options.startCwd ?? env.cwd, env, say) : null;
    return await finish({ ...base, collector, target, suiteMs, complete: true, coverage: coverageInfo });
  } finally {
    if (maxTimer) clearTimeout(maxTimer);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    coverage?.dispose();
  }
}

/** When `dir` holds the reports of an earlier run: when it finished. */
function earlierRun(dir: string): string | undefined {
  try {
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as { finishedAt?: unknown };
    return typeof report.finishedAt === 'string' ? report.finishedAt : 'an earlier run';
  } catch {
    return undefined;
  }
}

/**
 * In one process, the properties start with the suite and run alongside the other scenarios
 * (WorldParameters.early). Not with workers (each would start them all) nor with --fail-fast
 * (the first failure should come as early as it can).
 */
function earlyProperties(selection: Selection, options: CliOptions): EarlyProperty[] {
  if (options.parallel > 0 || options.failFast) return [];
  return selection.scenarios.flatMap((s) => (s.propertyName === undefined ? [] : [{ scenario: s.id, property: s.propertyName, tags: s.tags }]));
}

/** The coverage report, made by c8 in a child process while the run attributes its results. */
async function coverageReport(coverage: Coverage, outDir: string, targetCwd: string, env: RunEnvironment, say: (text: string) => void): Promise<CoverageOutcome> {
  try {
    // What is measured is the target's folder (where --start ran), its files named from there.
    const c = await coverage.report(outDir, targetCwd);
    const info = { dir: display(env.cwd, c.dir), summary: c.summary, uncovered: display(env.cwd, c.uncovered) };
    say(`\nCoverage of the target (${info.dir}/index.html, not reached: ${info.uncovered}):\n${c.summary}\n`);
    return { info };
  } catch (err) {
    env.err(`fw-conformance: coverage report failed: ${(err as Error).message}\n`);
    return { info: null, warning: `coverage: ${(err as Error).message}` };
  }
}

interface CoverageOutcome {
  info: CoverageInfo | null;
  warning?: string;
}

/** Prints the check's result and keeps it for the reports. */
function recordAdapterCheck(base: FinishBase, outcome: AdapterCheckOutcome | undefined, options: { quiet: boolean; goesOn: boolean }, env: RunEnvironment): void {
  if (outcome === undefined) {
    base.runWarnings.push('the adapter check did not finish before the run stopped');
  } else if ('error' in outcome) {
    base.runWarnings.push(`the adapter check could not run: ${outcome.error}`);
    env.err(`fw-conformance: the adapter check could not run: ${outcome.error}\n`);
  } else {
    base.adapterCheck = summariseAdapterCheck(outcome.report, base.secrets);
    env.out(adapterCheckConsole(outcome.report, { color: env.tty, quiet: options.quiet, goesOn: options.goesOn, secrets: base.secrets }));
  }
}

/** The promise's value if it settles within `ms`, undefined otherwise. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), ms); });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function deathInterruption(death: TargetDeath, who = 'target'): Interruption {
  const how = death.signal !== null ? `was killed by ${death.signal}` : `exited with code ${death.code}`;
  const tail = death.outputTail.trim() ? `; its last output:\n${death.outputTail.trimEnd()}` : '';
  return {
    reason: `the ${who} ${how} during the run${tail}`,
    exitCode: EXIT.fail,
    inFlight: { status: 'errored', message: `the ${who} ${how} while this scenario ran` },
  };
}

interface FinishBase {
  options: CliOptions;
  env: RunEnvironment;
  suite: Suite;
  selection: Selection;
  seed: number;
  startedAt: Date;
  wallStart: number;
  outDir: string;
  secrets: string[];
  expectations?: ExpectationsFile;
  /** Set once the adapter check has run (null: skipped, or it did not finish). */
  adapterCheck: AdapterCheckSummary | null;
  /** Problems of the run itself that did not stop it. */
  runWarnings: string[];
}

/** Reports of a run that stopped early: what was collected, the rest "not run"; always exit ≠ 0. */
async function finishEarly(base: FinishBase, i: Interruption, collector: Collector, target: Target | undefined, suiteMs: number): Promise<number> {
  const inFlight = new Map(collector.inFlight().map((s) => [s.id, i.inFlight]));
  await finish({ ...base, collector, target, suiteMs, complete: false, incompleteReason: i.reason, inFlight, coverage: null });
  return i.exitCode;
}

interface FinishInput extends FinishBase {
  collector: Collector;
  target?: Target;
  suiteMs: number;
  complete: boolean;
  incompleteReason?: string;
  inFlight?: Map<string, { status: 'errored' | 'skipped'; message: string }>;
  /** Being made while finish() attributes (coverageReport), or null. */
  coverage: Promise<CoverageOutcome> | null;
}

/** Results → rules → expectations → verdict → reports and console summary. Returns the exit code. */
async function finish(input: FinishInput): Promise<number> {
  const { options, env, selection, collector } = input;
  const finished = collector.finished();
  const collected: ScenarioResult[] = selection.scenarios.map((def) => {
    const done = finished.get(def.id);
    if (done) return done;
    const stopped = input.inFlight?.get(def.id);
    const status = stopped?.status ?? 'skipped';
    const message = stopped?.message ?? (input.complete ? 'not run by cucumber' : `not run: ${(input.incompleteReason ?? 'the run stopped early').split('\n')[0]}`);
    return {
      id: def.id, name: def.name, feature: `${def.uri}:${def.line}`, rules: def.rules, level: def.level, capabilities: def.capabilities,
      status, durationMs: 0, message,
      outcomes: def.rules.map((rule) => ({ rule, scenario: def.id, status, message })),
    };
  });
  const warnings = [...input.suite.warnings, ...input.runWarnings, ...collector.warnings];
  const attributed = attribute(selection.rules, collected, warnings, input.suite.ruleById);
  const { rules, scenarios } = attributed;
  const knownIds = new Set([...input.suite.scenarios.map((s) => s.id), ...input.suite.rules.map((r) => r.id)]);
  const declared = input.target?.info.capabilities ?? [];

  let expectations = input.expectations;
  if (options.updateExpectations && options.expectations) {
    if (input.complete) {
      expectations = updateExpectations(expectations, input.target?.info.implementation.name ?? 'unknown', rules, scenarios, declared, knownIds);
      writeFileAtomic(options.expectations, JSON.stringify(expectations, null, 2) + '\n');
      if (!options.quiet) env.out(`expectations written to ${display(env.cwd, options.expectations)} (${expectations.rules.reduce((n, r) => n + r.results.length, 0)} results of ${expectations.rules.length} rules)\n`);
    } else {
      warnings.push('the expectations file was not updated: the run is incomplete');
    }
  }
  const comparison: Comparison | undefined = expectations ? compareWithExpectations(expectations, rules, scenarios, knownIds, input.target ? declared : undefined) : undefined;
  if (comparison && comparison.unknown.length > 0) warnings.push(`expectations name unknown ids (stale entries): ${comparison.unknown.join(', ')}`);
  const requested = options.profile ?? (expectations?.profile as Capability[] | undefined) ?? null;
  const profile = profileOf(declared, requested, rules);
  const verdict = decideVerdict({
    rules, complete: input.complete, incompleteReason: input.incompleteReason, comparison, profile,
    filtered: selection.filters, rootCauses: attributed.rootCauses.filter((r) => r.level !== 'reference').map((r) => r.rule),
  });
  const stats = requestStats(scenarios);
  const coverage = await input.coverage;
  if (coverage?.warning) warnings.push(coverage.warning);
  const info = input.target?.info;

  const report: ConformanceReport = {
    reportVersion: REPORT_VERSION,
    suite: { name: 'fw-conformance', version: env.suiteVersion, spec: input.suite.spec },
    implementation: info?.implementation ?? null,
    protocol: info?.protocol ?? null,
    capabilities: info?.capabilities ?? [],
    target: { url: input.target?.address.url ?? options.target ?? null, start: options.start ?? null },
    seed: input.seed,
    numRuns: options.numRuns,
    options: {
      tags: options.tags ?? null, rules: options.rules, levels: options.levels,
      expectations: options.expectations ? display(env.cwd, options.expectations) : null,
      updateExpectations: options.updateExpectations, out: options.out, path: options.path ?? null, oracle: options.oracle ?? null,
      requestTimeoutMs: options.requestTimeoutMs, scenarioTimeoutMs: options.scenarioTimeoutMs ?? null,
      startTimeoutMs: options.startTimeoutMs, parallel: options.parallel, failFast: options.failFast, coverage: options.coverage,
      skipAdapterCheck: options.skipAdapterCheck, profile: options.profile ?? null,
    },
    startedAt: input.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    complete: input.complete,
    incompleteReason: input.complete ? null : input.incompleteReason ?? 'interrupted',
    verdict: verdict.verdict,
    verdictReason: verdict.reason,
    gate: verdict.gate,
    profile,
    rootCauses: attributed.rootCauses,
    expectations: comparison && expectations
      ? { file: display(env.cwd, options.expectations!), implementation: expectations.implementation, ...comparison }
      : null,
    adapterCheck: input.adapterCheck,
    summary: summarise(rules, scenarios),
    rules,
    scenarios: scenarios.map((s) => toReportScenario(s, input.secrets)),
    timing: {
      wallMs: Math.round(performance.now() - input.wallStart),
      suiteMs: Math.round(input.suiteMs),
      requests: stats.requests,
      medianRequestMs: stats.median,
      p95RequestMs: stats.p95,
      method: TIMING_METHOD,
    },
    coverage: coverage?.info ?? null,
    warnings,
  };
  const files = await writeReports(input.outDir, report, collector.envelopes);
  env.out(consoleSummary(report, scenarios, options.quiet));
  env.out(`reports: ${display(env.cwd, input.outDir)}/{${files.map((f) => path.basename(f)).join(',')}}\n`);
  return verdict.gate.pass ? EXIT.pass : EXIT.fail;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A path relative to the working directory when it is below it, absolute otherwise. */
function display(cwd: string, file: string): string {
  const rel = path.relative(cwd, file);
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}

function consoleSummary(report: ConformanceReport, scenarios: ScenarioResult[], quiet: boolean): string {
  const lines: string[] = [''];
  const s = report.summary.scenarios.byStatus;
  const counted = (['must', 'implied'] as const).map((l) => report.summary.rules.byLevel[l]);
  const ref = report.summary.rules.byLevel.reference;
  lines.push(`scenarios: ${s.total} — ${s.passed} passed, ${s.failed} failed, ${s.blocked} blocked, ${s.errored} errored, ${s['timed-out']} timed out, ${s.unsupported} unsupported, ${s.skipped} skipped`);
  lines.push(`rules (must + implied): ${counted[0]!.total + counted[1]!.total} — ${counted[0]!.passed + counted[1]!.passed} passed (${report.summary.conformance.percent}%)` +
    `; reference (informative): ${ref.passed}/${ref.total} passed`);
  const roots = report.rootCauses.filter((r) => r.level !== 'reference');
  if (roots.length > 0) {
    lines.push('root causes (each failure is charged to one rule; fix the first and run again):');
    const byId = new Map(scenarios.map((x) => [x.id, x]));
    roots.slice(0, 15).forEach((r, i) => {
      const status = report.rules.find((x) => x.id === r.rule)?.status ?? 'failed';
      const first = r.failing.map((id) => byId.get(id)).find((x) => x !== undefined);
      const why = first?.boot?.rule === r.rule && first.boot.definition ? `refused at boot: ${first.boot.definition}` : (r.message ?? first?.message)?.split('\n')[0];
      lines.push(`  ${i + 1}. ${status.toUpperCase()} ${r.rule} (${r.level}) in ${r.failing.length} scenario(s)${r.blocks > 0 ? `, blocks ${r.blocks}` : ''}` +
        `${first ? `: ${first.id}${why ? ` — ${terminalLine(clip(why, 120))}` : ''}` : ''}`);
    });
    if (roots.length > 15) lines.push(`  … and ${roots.length - 15} more (conformance.md)`);
  }
  if (!report.profile.full) {
    lines.push(`profile: partial — not declared: ${report.profile.missing.join(', ')} (${report.profile.untested.length} must/implied rules untested)`);
  }
  if (report.expectations && report.expectations.mismatches.length > 0) {
    lines.push(`differences from ${report.expectations.file}:`);
    for (const m of report.expectations.mismatches) lines.push(`  ${m.kind} ${m.id}: ${m.detail} (expected ${m.expected}, got ${m.actual})`);
  }
  if (report.expectations?.profile?.status === 'differs') lines.push(`  profile: ${report.expectations.profile.message}`);
  if (!quiet) for (const w of report.warnings) lines.push(`warning: ${terminalLine(clip(w.split('\n')[0]!, 300))}`);
  const reminder = adapterCheckReminder(report.adapterCheck);
  if (reminder) lines.push(reminder);
  // The verdict line carries the first line of an incomplete run's reason; the rest (the target's last output) comes once, here.
  const detail = report.incompleteReason?.split('\n').slice(1).join('\n').trim();
  if (!report.complete && detail) lines.push(terminalText(detail));
  const t = report.timing;
  lines.push(`time: ${(t.wallMs / 1000).toFixed(1)} s (suite ${(t.suiteMs / 1000).toFixed(1)} s); ${t.requests} HTTP requests` +
    (t.medianRequestMs !== null ? `, median ${t.medianRequestMs.toFixed(2)} ms, p95 ${t.p95RequestMs!.toFixed(2)} ms` : ''));
  lines.push(`seed: ${report.seed} (replay the properties with --seed ${report.seed})`);
  lines.push(`verdict: ${verdictWords(report).title} — ${report.verdictReason}`);
  lines.push(`gate: ${report.gate.pass ? 'PASS' : 'FAIL'} (exit ${report.gate.pass ? 0 : 1}) — ${report.gate.reason}`);
  return lines.join('\n') + '\n';
}
