import { randomInt } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EXIT } from '../../config/exitCodes';
import { STDOUT_OUT, type CliOptions } from '../../config/options';
import { ExpectationsError, loadExpectations } from '../../expectations/load';
import type { ExpectationsFile } from '../../expectations/types';
import { terminalLine } from '../../protocol/inert';
import type { WorldParameters } from '../../protocol/world';
import { stopAllTargets, type Target } from '../../target';
import { CircuitBreaker } from './breaker';
import { RunHooks } from '../cucumber/runHooks';
import { applicationsLine, checkApplications } from './applicationsClaim';
import { applicationsConsequence } from '../../check-adapter';
import { checkBeforeSuite } from './checkBeforeSuite';
import { Collector } from '../cucumber/collector';
import { coverageReport } from '../coverage/coverageReport';
import { loadSteps, runSuiteWithCucumber } from '../cucumber/cucumber';
import { display } from '../finish/display';
import { fitText } from '../finish/consoleWidth';
import type { RunEnvironment } from './environment';
import { earlierRun, finish, finishEarly, loadReportWriters, type FinishBase } from '../finish/finish';
import { breakerInterruption, deathInterruption, Interruptions, notRunInterruption, type Interruption } from './interruption';
import { abandonOpening, beginOpening, type Opening } from './open';
import { Progress } from '../finish/progress';
import { RunState } from './runState';
import { select, SelectionError, type Selection } from './selection';
import { loadSuite, SuiteError } from './suite';
import type { Suite } from '../../model/suite';
import { earlyProperties, propertiesMayStartEarly, worldParametersFor } from './worldParameters';
import { propertyParameters } from '../../properties/engine/parameters';
import { planLanes } from '../cucumber/lanes/lanePlan';

/**
 * A whole conformance run, as its stages in order (runStages below):
 *
 *   1. spawn the target   begun before this module loaded (open.ts, beginOpening: cli/main.ts, api/certify.ts)
 *   2. load               the suite, the selection and the expectations file (load), then the opened target
 *   3. check the adapter  its `applications` claim, then the adapter check (checkAdapter), while cucumber
 *                         loads the steps and the features and the property worker starts the properties
 *   4. release the suite  cucumber runs the scenarios (releaseSuite)
 *   5. finish             results, verdict and reports (finish.ts); the target stops meanwhile
 *
 * Everything of the run is in one RunState (runState.ts), handed to the stages and found by the code
 * cucumber runs for it; nothing of it lives in a module, so two runs may happen in one process.
 * Interruptions (signals, --max-time, a dying target, the breaker: interruption.ts) can end any
 * stage; the run then finishes early with what it collected. Returns the exit code.
 */
export async function runConformance(options: CliOptions, env: RunEnvironment, opening?: Opening): Promise<number> {
  const run = RunState.open();
  try {
    return await runStages(options, env, run, opening ?? beginOpening(options, env.cwd, env.repoRoot));
  } catch (err) {
    // A bug of the runner itself: the reports still say what was collected, and no adapter is left running.
    const message = (err as Error)?.stack ?? String(err);
    env.err(`fw-conformance: internal error (a bug of fw-conformance, please report it): ${message}\n`);
    try {
      if (run.base) {
        const i: Interruption = { reason: `internal error of fw-conformance: ${(err as Error)?.message ?? String(err)}`, exitCode: EXIT.fail, inFlight: { status: 'skipped', message: 'not finished: internal error of fw-conformance' } };
        await finishEarly(run.base, i, run.collector ?? new Collector(run.base.suite), run.target, 0);
      }
    } catch (inner) {
      env.err(`fw-conformance: the reports could not be written either: ${(inner as Error)?.message ?? String(inner)}\n`);
    } finally {
      await stopAllTargets();
    }
    return EXIT.fail;
  } finally {
    run.close();
  }
}

async function runStages(options: CliOptions, env: RunEnvironment, run: RunState, opening: Opening): Promise<number> {
  // 1. The target is being spawned (opening). The properties' worker loads its modules meanwhile,
  // on the other core (propertyWorker/): from before the suite is read, as most runs check
  // properties; a selection without any dismisses it.
  if (propertiesMayStartEarly(options)) run.properties.standBy();

  // 2. Load: the suite and what to run of it.
  const loaded = await load(options, env, opening);
  if ('exitCode' in loaded) {
    run.properties.dismiss();
    return loaded.exitCode;
  }
  const { suite, selection, expectations } = loaded;
  if (earlyProperties(selection, options).length === 0) run.properties.dismiss();
  const seed = options.seed ?? randomInt(0, 2 ** 31 - 1);
  const base: FinishBase = {
    options, env, suite, selection, seed, startedAt: new Date(performance.timeOrigin + opening.began), wallStart: opening.began,
    // `--out -`: no folder; the report goes to env.report only.
    outDir: options.out === STDOUT_OUT ? null : path.resolve(env.cwd, options.out),
    secrets: [], expectations, adapterCheck: null, runWarnings: [], applications: null, misplaced: run.sharing.misplaced,
  };
  run.base = base;
  const say = (text: string) => { if (!options.quiet) env.out(text); };
  // Interruptions (signals, --max-time, a dying target, the breaker) settle one promise; the stages race against it.
  const interruptions = new Interruptions(env.err, options.maxTimeMs);
  // Cucumber fixes step timeouts when the steps load (once the adapter is open, below).
  if (options.scenarioTimeoutMs !== undefined) process.env.FW_STEP_TIMEOUT_MS = String(options.scenarioTimeoutMs);
  try {
    say(`fw-conformance ${env.suiteVersion}: ${selection.scenarios.length} scenarios, ${selection.rules.length} rules; seed ${seed} (replay with --seed ${seed})\n`);
    const opened = await openedTargets(run, base, opening, interruptions, say);
    if ('exitCode' in opened) return opened.exitCode;
    const { target, oracle } = opened;

    // 3. Check the adapter, while cucumber gets the suite ready behind the hold.
    const checked = await checkAdapter(run, base, target, oracle, interruptions, say);
    if ('exitCode' in checked) return checked.exitCode;

    // 4. Release the suite.
    const outcome = await releaseSuite(run, checked.suite, interruptions);
    if (outcome.kind !== 'done') {
      if (outcome.kind === 'crashed') env.err(`fw-conformance: cucumber could not run the suite: ${outcome.message}\n`);
      const i = outcome.kind === 'crashed' ? notRunInterruption(`cucumber could not run the suite: ${outcome.message}`) : outcome.interruption;
      // Partial reports first, then the target: a reader gets the reports even if stopping hangs.
      const code = await finishEarly(base, i, checked.collector, target, outcome.suiteMs);
      await stopAllTargets();
      return code;
    }

    // 5. Finish. The reports need nothing more of the adapters (their info was read at the start), so
    // they stop while the reports are made: a PHP adapter takes 40–80 ms to end its workers and remove
    // its store. The coverage report reads what the target writes as it exits, so it waits for that.
    const stopped = Promise.all([target.stop(), oracle?.stop()]);
    // Awaited below, after the reports: a failure to stop must not count as unhandled meanwhile.
    stopped.catch(() => undefined);
    const { coverage } = opening;
    const coverageInfo = coverage && base.outDir !== null ? stopped.then(() => coverageReport(coverage, base.outDir!, options.startCwd ?? env.cwd, env, say)) : null;
    try {
      return await finish({ ...base, collector: checked.collector, target, suiteMs: outcome.suiteMs, complete: true, coverage: coverageInfo });
    } finally {
      await stopped;
    }
  } finally {
    interruptions.dispose();
    opening.coverage?.dispose();
  }
}

/** The suite, the selection and the expectations file, or the exit code when there is nothing to run. */
type Loaded = { suite: Suite; selection: Selection; expectations?: ExpectationsFile } | { exitCode: number };

/** Stage 2: what to run. */
async function load(options: CliOptions, env: RunEnvironment, opening: Opening): Promise<Loaded> {
  try {
    const suite = loadSuite(env.suiteRoot);
    const selection = select(suite, { tags: options.tags, rules: options.rules, levels: options.levels });
    const expectations = options.expectations && (!options.updateExpectations || fs.existsSync(options.expectations))
      ? loadExpectations(options.expectations, options.updateExpectations)
      : undefined;
    return { suite, selection, expectations };
  } catch (err) {
    // Nothing will run: the adapter already being started is stopped again.
    await abandonOpening(opening);
    if (err instanceof SelectionError || err instanceof ExpectationsError) {
      env.err(`fw-conformance: ${err.message}\n`);
      return { exitCode: EXIT.usage };
    }
    if (err instanceof SuiteError) {
      env.err(`fw-conformance: the suite cannot be loaded: ${err.message}\n`);
      return { exitCode: EXIT.fail };
    }
    throw err;
  }
}

/** Stage 2, its end: the target (and the oracle) once open, or the exit code of a run that ends there. */
async function openedTargets(run: RunState, base: FinishBase, opening: Opening, interruptions: Interruptions, say: (text: string) => void):
  Promise<{ target: Target; oracle?: Target } | { exitCode: number }> {
  const { env, suite, outDir } = base;
  const opened = await Promise.race([
    opening.targets.then((t) => ({ kind: 'opened' as const, ...t })),
    interruptions.settled.then((i) => ({ kind: 'interrupted' as const, interruption: i })),
  ]);
  if (opened.kind === 'interrupted') {
    await stopAllTargets();
    return { exitCode: await finishEarly(base, opened.interruption, new Collector(suite), undefined, 0) };
  }
  if ('error' in opened) {
    const earlier = outDir === null ? undefined : earlierRun(outDir);
    // Said once: the summary of the reports below gives the whole reason, and the adapter's output.
    env.err(`${fitText(`fw-conformance: ${earlier === undefined ? opened.error.split('\n')[0] : opened.error}`)}\n`);
    if (outDir !== null && earlier !== undefined) {
      // Nothing ran: an empty report would only replace the last real one.
      env.err(`fw-conformance: no reports written; ${display(env.cwd, outDir)}/ keeps the run of ${earlier}\n`);
      return { exitCode: EXIT.fail };
    }
    return { exitCode: await finishEarly(base, notRunInterruption(`the target could not be opened: ${opened.error}`), new Collector(suite), undefined, 0) };
  }
  const { target, oracle } = opened;
  base.secrets.push(target.address.token, ...(oracle ? [oracle.address.token] : []));
  const impl = target.info.implementation;
  say(`${fitText(`target: ${terminalLine(impl.name)} ${terminalLine(impl.version)} (${terminalLine(impl.language)}) at ${target.address.url}, protocol ${target.info.protocol}; capabilities: ${target.info.capabilities.join(', ')}`)}\n`);
  if (oracle) say(`oracle: ${terminalLine(oracle.info.implementation.name)} ${terminalLine(oracle.info.implementation.version)} at ${oracle.address.url}\n`);
  run.target = target;
  void target.died.then((death) => interruptions.stop(deathInterruption(death)));
  void oracle?.died.then((death) => interruptions.stop(deathInterruption(death, 'oracle (reference adapter)')));
  return { target, oracle };
}

/** The suite's run, made ready by checkAdapter() and started by it or by releaseSuite(). */
interface SuiteRun {
  start(): Promise<{ kind: 'done' } | { kind: 'crashed'; err: unknown }>;
  /** Started behind the hold, during the adapter check; undefined when it waits for releaseSuite(). */
  started?: Promise<{ kind: 'done' } | { kind: 'crashed'; err: unknown }>;
  hold?: { release(): void; abandon(reason: string): void };
  hooks: RunHooks;
  shown: Progress;
  collector: Collector;
  startedAt: number;
}

/** Stage 3: the adapter's claims and the adapter check; the suite, held, gets ready meanwhile. */
async function checkAdapter(run: RunState, base: FinishBase, target: Target, oracle: Target | undefined, interruptions: Interruptions, say: (text: string) => void):
  Promise<{ suite: SuiteRun; collector: Collector } | { exitCode: number }> {
  const { options, env, selection, suite } = base;
  // Before anything relies on it: the properties share a per-request adapter's applications.
  base.applications = await checkApplications(target, options);
  say(`${terminalLine(applicationsLine(base.applications))}\n`);
  const consequence = applicationsConsequence(base.applications);
  if (consequence !== undefined) base.runWarnings.push(consequence);
  const worldParameters: WorldParameters = {
    ...worldParametersFor(target, oracle, options, base.seed, selection, base.expectations, base.applications.used),
    run: run.id,
  };
  // The properties do not wait for the adapter check (propertyWorker/BackgroundProperties.ts).
  if (worldParameters.early !== undefined) run.properties.startEarly(propertyParameters(worldParameters), worldParameters.early, run.sharing.misplaced);
  // The steps load after that: their loading holds this thread, and the worker waits for nothing else.
  const steps = options.parallel === 0 ? loadSteps(env.suiteRoot, options.parallel) : undefined;
  // Awaited by the suite's run; a run that ends before that never looks at it.
  steps?.catch(() => undefined);
  const shown = new Progress({ total: selection.scenarios.length, tty: env.tty, quiet: options.quiet, write: env.out });
  interruptions.muteOnInterruption(() => shown.mute());
  if (interruptions.current !== undefined) shown.mute();
  const breaker = new CircuitBreaker(options.circuitBreaker, (reason) => interruptions.stop(breakerInterruption(reason), 'the circuit breaker tripped (the target does not answer)'));
  const collector = new Collector(suite, {
    onStarted: (s) => shown.started(s),
    onFinished: (r) => { shown.finished(r); breaker.observe(r); },
  }, options.failFast);
  const hooks = new RunHooks();
  // A target that serves several requests at once gets several scenarios at once (lanes.ts).
  const lanes = worldParameters.concurrency ?? 1;
  base.lanes = lanes;
  if (lanes > 1) say(`${terminalLine(`scenarios: ${lanes} at once (the adapter serves ${target.info.concurrency} requests at once)`)}\n`);
  const suiteRun: SuiteRun = {
    hooks, shown, collector, startedAt: performance.now(),
    start: () => runSuiteWithCucumber({
      root: env.suiteRoot, worldParameters, tagExpression: selection.tagExpression,
      failFast: options.failFast, parallel: options.parallel, steps, ...(lanes > 1 ? { lanes: planLanes(selection.scenarios, lanes) } : {}),
      onMessage: (e) => { hooks.observe(e); collector.onMessage(e); }, onWarning: (w) => collector.warnings.push(w),
    }).then(() => ({ kind: 'done' as const }), (err: unknown) => ({ kind: 'crashed' as const, err })),
  };
  // In this process, cucumber reads the features and matches their steps while the adapter check
  // waits on the adapter; the gate, its first hook, holds the suite until the check is done.
  if (options.parallel === 0 && !options.skipAdapterCheck) {
    suiteRun.hold = run.suiteHold.take();
    suiteRun.started = suiteRun.start();
  }
  if (!options.skipAdapterCheck) {
    const stopped = await checkBeforeSuite(target, base, interruptions);
    if (stopped) {
      suiteRun.hold?.abandon(`not run: ${stopped.reason}`);
      const code = await finishEarly(base, stopped, new Collector(suite), target, 0);
      await stopAllTargets();
      return { exitCode: code };
    }
  }
  return { suite: suiteRun, collector };
}

type SuiteOutcome = { suiteMs: number } & ({ kind: 'done' } | { kind: 'crashed'; message: string } | { kind: 'interrupted'; interruption: Interruption });

/** Stage 4: the suite runs, until it is done or the run is interrupted. */
async function releaseSuite(run: RunState, suiteRun: SuiteRun, interruptions: Interruptions): Promise<SuiteOutcome> {
  suiteRun.hold?.release();
  // The report renderers load while the suite runs, not after it.
  setImmediate(() => { void loadReportWriters(); });
  let started = suiteRun.started;
  if (started === undefined) {
    suiteRun.startedAt = performance.now();
    started = suiteRun.start();
  }
  run.collector = suiteRun.collector;
  const outcome = await Promise.race([
    started,
    interruptions.settled.then((i) => ({ kind: 'interrupted' as const, interruption: i })),
  ]);
  suiteRun.shown.end();
  const suiteMs = performance.now() - suiteRun.startedAt;
  if (outcome.kind === 'crashed') return { kind: 'crashed', message: suiteRun.hooks.explain(outcome.err), suiteMs };
  return { ...outcome, suiteMs };
}
