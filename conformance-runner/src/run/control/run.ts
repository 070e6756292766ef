import { randomInt } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EXIT } from '../../config/exitCodes';
import { STDOUT_OUT, type CliOptions } from '../../config/options';
import { ExpectationsError, loadExpectations } from '../../expectations/load';
import type { ExpectationsFile } from '../../expectations/types';
import { terminalLine } from '../../protocol/inert';
import { prepareCucumberHtml } from '../../reports/cucumber';
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
import { select, SelectionError, type Selection } from './selection';
import { loadSuite, SuiteError } from './suite';
import type { Suite } from '../../model/suite';
import { holdSuite } from '../cucumber/suiteHold';
import { earlyProperties, propertiesMayStartEarly, worldParametersFor } from './worldParameters';
import { propertyParameters } from '../../properties/engine/parameters';
import { dismiss as dismissPropertyWorker, standBy as standByPropertyWorker, startEarly as startPropertiesEarly } from '../../propertyWorker/BackgroundProperties';

/**
 * A whole conformance run: target, adapter check, cucumber, results, reports, verdict. Returns the
 * exit code. The stages are their own files: interruption.ts (signals, --max-time, a dying target,
 * the breaker), checkBeforeSuite.ts, finish.ts with buildReport.ts and consoleSummary.ts.
 */
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

/** The suite, the selection and the expectations file, or the exit code when there is nothing to run. */
type Prepared = { suite: Suite; selection: Selection; expectations?: ExpectationsFile } | { exitCode: number };

async function prepare(options: CliOptions, env: RunEnvironment, opening: Opening): Promise<Prepared> {
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

async function runGuarded(options: CliOptions, env: RunEnvironment, state: RunState, opening: Opening): Promise<number> {
  const wallStart = opening.began;
  const startedAt = new Date(performance.timeOrigin + opening.began);
  // The properties' worker loads its modules meanwhile, on the other core (propertyWorker/): from
  // before the suite is read, as most runs check properties; a selection without any dismisses it.
  if (propertiesMayStartEarly(options)) standByPropertyWorker();
  const prepared = await prepare(options, env, opening);
  if ('exitCode' in prepared) {
    dismissPropertyWorker();
    return prepared.exitCode;
  }
  const { suite, selection, expectations } = prepared;
  if (earlyProperties(selection, options).length === 0) dismissPropertyWorker();
  const seed = options.seed ?? randomInt(0, 2 ** 31 - 1);
  // `--out -`: no folder; the report goes to env.report only.
  const outDir = options.out === STDOUT_OUT ? null : path.resolve(env.cwd, options.out);
  const { coverage } = opening;
  const secrets: string[] = [];
  const say = (text: string) => { if (!options.quiet) env.out(text); };

  // Interruptions (signals, --max-time, a dying target, the breaker) settle one promise; the run races against it.
  const interruptions = new Interruptions(env.err, options.maxTimeMs);
  const stop = (i: Interruption, notice?: string) => interruptions.stop(i, notice);

  const base: FinishBase = { options, env, suite, selection, seed, startedAt, wallStart, outDir, secrets, expectations, adapterCheck: null, runWarnings: [], applications: null };
  state.base = base;
  // Cucumber fixes step timeouts when the steps load (once the adapter is open, below).
  if (options.scenarioTimeoutMs !== undefined) process.env.FW_STEP_TIMEOUT_MS = String(options.scenarioTimeoutMs);
  // In this process, cucumber reads the features and matches their steps while the adapter check
  // waits on the adapter; the gate, its first hook, holds the suite until the check is done.
  const held = options.parallel === 0 && !options.skipAdapterCheck;
  let target: Target | undefined;
  let oracle: Target | undefined;
  try {
    say(`fw-conformance ${env.suiteVersion}: ${selection.scenarios.length} scenarios, ${selection.rules.length} rules; seed ${seed} (replay with --seed ${seed})\n`);
    const opened = await Promise.race([
      opening.targets.then((t) => ({ kind: 'opened' as const, ...t })),
      interruptions.settled.then((i) => ({ kind: 'interrupted' as const, interruption: i })),
    ]);
    if (opened.kind === 'interrupted') {
      await stopAllTargets();
      return await finishEarly(base, opened.interruption, new Collector(suite), undefined, 0);
    }
    if ('error' in opened) {
      const earlier = outDir === null ? undefined : earlierRun(outDir);
      // Said once: the summary of the reports below gives the whole reason, and the adapter's output.
      env.err(`${fitText(`fw-conformance: ${earlier === undefined ? opened.error.split('\n')[0] : opened.error}`)}\n`);
      if (outDir !== null && earlier !== undefined) {
        // Nothing ran: an empty report would only replace the last real one.
        env.err(`fw-conformance: no reports written; ${display(env.cwd, outDir)}/ keeps the run of ${earlier}\n`);
        return EXIT.fail;
      }
      return await finishEarly(base, notRunInterruption(`the target could not be opened: ${opened.error}`), new Collector(suite), undefined, 0);
    }
    target = opened.target;
    oracle = opened.oracle;
    secrets.push(target.address.token, ...(oracle ? [oracle.address.token] : []));
    const impl = target.info.implementation;
    say(`${fitText(`target: ${terminalLine(impl.name)} ${terminalLine(impl.version)} (${terminalLine(impl.language)}) at ${target.address.url}, protocol ${target.info.protocol}; capabilities: ${target.info.capabilities.join(', ')}`)}\n`);
    if (oracle) say(`oracle: ${terminalLine(oracle.info.implementation.name)} ${terminalLine(oracle.info.implementation.version)} at ${oracle.address.url}\n`);
    state.target = target;
    void target.died.then((death) => stop(deathInterruption(death)));
    void oracle?.died.then((death) => stop(deathInterruption(death, 'oracle (reference adapter)')));

    // Before anything relies on it: the properties share a per-request adapter's applications.
    base.applications = await checkApplications(target, options);
    say(`${terminalLine(applicationsLine(base.applications))}\n`);
    const consequence = applicationsConsequence(base.applications);
    if (consequence !== undefined) base.runWarnings.push(consequence);
    const worldParameters = worldParametersFor(target, oracle, options, seed, selection, expectations, base.applications.used);
    // The properties do not wait for the adapter check (propertyWorker/BackgroundProperties.ts).
    if (worldParameters.early !== undefined) startPropertiesEarly(propertyParameters(worldParameters), worldParameters.early);
    // The steps load after that: their loading holds this thread, and the worker waits for nothing else.
    const steps = options.parallel === 0 ? loadSteps(env.suiteRoot, options.parallel) : undefined;
    // Awaited by the suite's run; a run that ends before that never looks at it.
    steps?.catch(() => undefined);
    const shown = new Progress({ total: selection.scenarios.length, tty: env.tty, quiet: options.quiet, write: env.out });
    interruptions.muteOnInterruption(() => shown.mute());
    if (interruptions.current !== undefined) shown.mute();
    const breaker = new CircuitBreaker(options.circuitBreaker, (reason) => stop(breakerInterruption(reason), 'the circuit breaker tripped (the target does not answer)'));
    const collector = new Collector(suite, {
      onStarted: (s) => shown.started(s),
      onFinished: (r) => { shown.finished(r); breaker.observe(r); },
    }, options.failFast);
    const hooks = new RunHooks();
    let suiteStart = performance.now();
    const runSuite = () => runSuiteWithCucumber({
      root: env.suiteRoot, worldParameters, tagExpression: selection.tagExpression,
      failFast: options.failFast, parallel: options.parallel, onMessage: (e) => { hooks.observe(e); collector.onMessage(e); }, steps,
    }).then(() => ({ kind: 'done' as const }), (err: unknown) => ({ kind: 'crashed' as const, err }));
    const hold = held ? holdSuite() : undefined;
    let suiteRun = hold ? runSuite() : undefined;

    if (!options.skipAdapterCheck) {
      const stopped = await checkBeforeSuite(target, base, interruptions);
      if (stopped) {
        hold?.abandon(`not run: ${stopped.reason}`);
        const code = await finishEarly(base, stopped, new Collector(suite), target, 0);
        await stopAllTargets();
        return code;
      }
    }

    hold?.release();
    // c8 loads while the suite runs, not after it (c8Standby.ts); so do the report renderers.
    coverage?.standBy(options.startCwd ?? env.cwd);
    setImmediate(() => {
      void loadReportWriters();
      prepareCucumberHtml();
    });
    state.collector = collector;
    if (suiteRun === undefined) {
      suiteStart = performance.now();
      suiteRun = runSuite();
    }
    const outcome = await Promise.race([
      suiteRun,
      interruptions.settled.then((i) => ({ kind: 'interrupted' as const, interruption: i })),
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
      const message = hooks.explain(outcome.err);
      env.err(`fw-conformance: cucumber could not run the suite: ${message}\n`);
      const code = await finishEarly(base, notRunInterruption(`cucumber could not run the suite: ${message}`), collector, target, suiteMs);
      await stopAllTargets();
      return code;
    }

    // The reports need nothing more of the adapters (their info was read at the start), so they stop
    // while the reports are made: a PHP adapter takes 40–80 ms to end its workers and remove its
    // store. The coverage report reads what the target writes as it exits, so it waits for that.
    const stopped = Promise.all([target.stop(), oracle?.stop()]);
    // Awaited below, after the reports: a failure to stop must not count as unhandled meanwhile.
    stopped.catch(() => undefined);
    const coverageInfo = coverage && outDir !== null ? stopped.then(() => coverageReport(coverage, outDir, options.startCwd ?? env.cwd, env, say)) : null;
    try {
      return await finish({ ...base, collector, target, suiteMs, complete: true, coverage: coverageInfo });
    } finally {
      await stopped;
    }
  } finally {
    interruptions.dispose();
    coverage?.dispose();
  }
}
