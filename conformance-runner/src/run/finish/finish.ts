import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CliOptions } from '../../config/options';
import { EXIT } from '../../config/exitCodes';
import type { ExpectationsFile } from '../../expectations/types';
import { updateExpectations } from '../../expectations/update';
import type { ScenarioResult } from '../../model/results';
import { writeFileAtomic } from '../../reports/atomic';
import { ReportWriteError, writing } from '../../reports/writeError';
import type { AdapterCheckSummary } from '../../reports/model';
import type { Target } from '../../target';
import { attribute } from '../../attribution/rules';
import { buildReport } from './buildReport';
import type { Collector } from '../cucumber/collector';
import { consoleSummary } from './consoleSummary';
import type { CoverageOutcome } from '../coverage/coverageReport';
import { display } from './display';
import { hungControlCalls } from './hungCalls';
import { applicationsRecord, unjudgedWhenMixed } from '../control/applicationsClaim';
import type { ApplicationsFinding } from '../../check-adapter';
import type { MisplacedExceptions } from '../../protocol/misplacedException';
import type { RunEnvironment } from '../control/environment';
import type { Interruption } from '../control/interruption';
import type { Selection } from '../control/selection';
import type { Suite } from '../../model/suite';

/** What every way of ending a run knows: set once the suite is selected. */
export interface FinishBase {
  options: CliOptions;
  env: RunEnvironment;
  suite: Suite;
  selection: Selection;
  seed: number;
  startedAt: Date;
  wallStart: number;
  /** null: `--out -`, the report goes to env.report only. */
  outDir: string | null;
  secrets: string[];
  expectations?: ExpectationsFile;
  /** Set once the adapter check has run (null: skipped, or it did not finish). */
  adapterCheck: AdapterCheckSummary | null;
  /** Problems of the run itself that did not stop it. */
  runWarnings: string[];
  /** The adapter's `applications` claim, probed once the target is open (applicationsClaim.ts); null before. */
  applications: ApplicationsFinding | null;
  /** The run's tally of X-Fw-Exception headers sent with answers that are not a 5xx (RunState.sharing). */
  misplaced: MisplacedExceptions;
  /** How many scenarios ran at once (run/cucumber/lanes), once decided. */
  lanes?: number;
}

export interface FinishInput extends FinishBase {
  collector: Collector;
  target?: Target;
  suiteMs: number;
  complete: boolean;
  incompleteReason?: string;
  inFlight?: Map<string, { status: 'errored' | 'skipped'; message: string }>;
  /** Being made while finish() attributes (coverageReport), or null. */
  coverage: Promise<CoverageOutcome> | null;
}

/**
 * The report renderers (badge-maker, fast-xml-builder, the HTML and Markdown writers): only the
 * run's end needs them, and loading them was 0.05 s of the run's start, where the adapter waits on
 * this thread. run.ts asks for them once the suite runs, which mostly waits on the target.
 */
export function loadReportWriters(): Promise<typeof import('../../reports/write')> {
  // Node keeps the module once loaded: a second call (the reports, after run.ts asked) finds it there.
  return import('../../reports/write');
}

/** Reports of a run that stopped early: what was collected, the rest "not run"; always exit ≠ 0. */
export async function finishEarly(base: FinishBase, i: Interruption, collector: Collector, target: Target | undefined, suiteMs: number): Promise<number> {
  const inFlight = new Map(collector.inFlight().map((s) => [s.id, i.inFlight]));
  const code = await finish({ ...base, collector, target, suiteMs, complete: false, incompleteReason: i.reason, inFlight, coverage: null });
  // Reports the environment did not let the run write are said by their own status.
  return code === EXIT.usage ? code : i.exitCode;
}

/**
 * Results → rules → expectations → verdict → reports and console summary. Returns the exit code:
 * 2 when a report or the expectations file could not be written (conformance.json first).
 */
export async function finish(input: FinishInput): Promise<number> {
  const { options, env, selection, collector } = input;
  const warnings = [...input.suite.warnings, ...input.runWarnings, ...collector.warnings];
  const results = unjudgedWhenMixed(collectedResults(input), input.applications);
  const hung = hungControlCalls(results);
  if (hung !== undefined) warnings.push(hung);
  const misplaced = input.misplaced.warning();
  if (misplaced !== undefined) warnings.push(misplaced);
  const attributed = attribute(selection.rules, results, warnings, input.suite.ruleById);
  const knownIds = new Set([...input.suite.scenarios.map((s) => s.id), ...input.suite.rules.map((r) => r.id)]);

  let expectations = input.expectations;
  /** Files the environment did not let the run write (a full disk, a folder without permission). */
  const unwritten: ReportWriteError[] = [];
  if (options.updateExpectations && options.expectations) {
    if (input.complete) {
      const declared = input.target?.info.capabilities ?? [];
      expectations = updateExpectations(expectations, input.target?.info.implementation.name ?? 'unknown', attributed.rules, attributed.scenarios, declared, knownIds);
      const text = JSON.stringify(expectations, null, 2) + '\n';
      try {
        writing(options.expectations, () => writeFileAtomic(options.expectations!, text));
        if (!options.quiet) env.out(`expectations written to ${display(env.cwd, options.expectations)} (${expectations.rules.reduce((n, r) => n + r.results.length, 0)} results of ${expectations.rules.length} rules)\n`);
      } catch (err) {
        if (!(err instanceof ReportWriteError)) throw err;
        unwritten.push(err);
      }
    } else {
      warnings.push('the expectations file was not updated: the run is incomplete');
    }
  }
  const reportOf = (coverage: CoverageOutcome | null) => buildReport({
    options, cwd: env.cwd, suiteVersion: env.suiteVersion, spec: input.suite.spec, filters: selection.filters,
    attributed, knownIds, target: input.target, expectations, seed: input.seed,
    startedAt: input.startedAt, finishedAt: new Date(), wallMs: Math.round(performance.now() - input.wallStart), suiteMs: input.suiteMs, lanes: input.lanes,
    complete: input.complete, incompleteReason: input.incompleteReason, adapterCheck: input.adapterCheck,
    applications: input.applications === null ? null : applicationsRecord(input.applications),
    secrets: input.secrets, coverage, warnings,
  });
  const { renderCucumberFormats, writeReports, finalReport } = await loadReportWriters();
  // cucumber's formats need the verdict, not the coverage: rendered while c8 still reports.
  const cucumber = input.coverage !== null ? renderCucumberFormats(collector.envelopes, reportOf(null), collector.json) : undefined;
  const report = reportOf(await input.coverage);
  let files: string[] = [];
  if (input.outDir !== null) {
    try {
      files = await writeReports(input.outDir, report, collector.envelopes, cucumber, collector.json);
    } catch (err) {
      if (!(err instanceof ReportWriteError)) throw err;
      unwritten.push(err);
      files = [...err.written];
    }
  }
  env.out(consoleSummary(report, attributed.scenarios, options.quiet));
  if (input.outDir !== null && files.length > 0) env.out(`reports: ${display(env.cwd, input.outDir)}/{${files.map((f) => path.basename(f)).join(',')}}\n`);
  env.report?.(finalReport(report));
  if (unwritten.length === 0) return report.gate.pass ? EXIT.pass : EXIT.fail;
  for (const err of unwritten) {
    const shown = display(env.cwd, err.file);
    env.err(`fw-conformance: ${shown} could not be written: ${err.reason}` +
      `${err.written.length > 0 ? `; written before it: ${err.written.map((f) => path.basename(f)).join(', ')}` : ''} (exit ${EXIT.usage}: the run's environment, not its verdict)\n`);
  }
  return EXIT.usage;
}

/** Every selected scenario's result: what cucumber finished, else why it did not (in flight, or not run). */
function collectedResults(input: FinishInput): ScenarioResult[] {
  const finished = input.collector.finished();
  return input.selection.scenarios.map((def) => {
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
}

/** When `dir` holds the reports of an earlier run: when it finished. */
export function earlierRun(dir: string): string | undefined {
  try {
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as { finishedAt?: unknown };
    return typeof report.finishedAt === 'string' ? report.finishedAt : 'an earlier run';
  } catch {
    return undefined;
  }
}
