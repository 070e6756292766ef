import * as path from 'node:path';
import { Writable } from 'node:stream';
import { loadConfiguration, loadSupport, runCucumber, type IRunConfiguration, type ISupportCodeLibrary } from '@cucumber/cucumber/api';
import type { Envelope } from '@cucumber/messages';
import { CODE_EXTENSION, COMPILED, TYPESCRIPT_LOADER } from '../../config/layout';
import type { WorldParameters } from '../../protocol/world';
import { FEATURES_GLOB, STEPS_GLOB } from '../control/suite';
import { inLane, lanesOf } from './lanes/laneContext';
import type { LanePlan } from './lanes/lanePlan';
import { LaneMerge } from './lanes/laneMerge';

export interface CucumberRun {
  /** The suite root: features/ and steps/ are found under it, and pickle URIs are relative to it. */
  root: string;
  worldParameters: WorldParameters;
  /** Tag expression from the selection; undefined runs everything. */
  tagExpression?: string;
  failFast: boolean;
  parallel: number;
  /** What each lane runs, when cucumber runs in this process share the scenarios (lanes/lanes.ts); undefined: one run. */
  lanes?: LanePlan;
  onMessage: (envelope: Envelope) => void;
  /** What merging the lanes' messages noticed (laneMerge.ts). */
  onWarning?: (warning: string) => void;
  /** The step definitions, loaded beforehand (loadSteps); otherwise cucumber loads them itself. */
  steps?: Promise<ISupportCodeLibrary>;
}

/** A formatter plugin that listens to nothing, as a module cucumber can import() in any layout. */
const SILENT_FORMATTER = 'data:text/javascript,export default { type: "formatter", formatter() {} }';

/** The runner's own support code (HTTP timing), loaded before the suite's steps. */
export const TIMING_SUPPORT = path.join(__dirname, 'support', `timing${CODE_EXTENSION}`);
/**
 * The start of the suite (support/gate.ts), loaded first in this process: the runner may hold the
 * suite there (suiteHold.ts), and the steps, loaded early, measure no request the runner made before.
 */
export const GATE_SUPPORT = path.join(__dirname, 'support', `gate${CODE_EXTENSION}`);

/**
 * Runs the suite through cucumber's programmatic API. No configuration file is read (the
 * repository's cucumber.js is a developer profile); nothing goes to stdout (the runner prints its
 * own progress); every result reaches the runner through `onMessage`. With `lanes` above 1, several
 * cucumber runs share the scenarios in this process (lanes/lanes.ts), their messages merged into
 * one run's (lanes/laneMerge.ts).
 */
export async function runSuiteWithCucumber(run: CucumberRun): Promise<boolean> {
  const runConfiguration = await configuration(run.root, run.parallel, {
    worldParameters: run.worldParameters as unknown as Record<string, never>,
    tags: run.tagExpression ?? '',
    failFast: run.failFast,
  });
  const support = run.steps ? await run.steps : runConfiguration.support;
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const environment = { cwd: run.root, stdout: silent, env: process.env };
  // Lanes share the step definitions loaded once (loadSteps): a second load in this process would register none.
  if (run.lanes === undefined || run.steps === undefined) {
    const { success } = await runCucumber({ ...runConfiguration, support }, environment, run.onMessage);
    return success;
  }
  // The property scenarios get a lane of their own: each waits for its property, which runs in the
  // background (WorldParameters.early), and would hold up the scenarios behind it in a shared lane.
  const tags = runConfiguration.sources.tagExpression;
  const only = (t: string) => (tags.trim() === '' ? t : `(${tags}) and ${t}`);
  const work = [
    ...run.lanes.scenarios.map((paths) => ({ paths, tagExpression: only(`not ${PROPERTY_TAG}`) })),
    ...(run.lanes.properties.length > 0 ? [{ paths: run.lanes.properties, tagExpression: only(PROPERTY_TAG) }] : []),
  ];
  const merge = new LaneMerge(work.length, run.onMessage);
  const ran = await Promise.all(lanesOf(work.length).map((lane, i) => inLane(lane, () => runCucumber({
    ...runConfiguration, support, sources: { ...runConfiguration.sources, ...work[i]! },
  }, environment, merge.lane()))));
  for (const warning of merge.warnings) run.onWarning?.(warning);
  return ran.every((r) => r.success);
}

/** The tag of the property scenarios (features/properties). */
const PROPERTY_TAG = '@property';

/**
 * The step definitions (and the runner's support code) of the suite under `root`, loaded ahead of
 * the run: the runner does it while the adapter starts, instead of after the adapter check.
 * Cucumber reuses them only in this process, so a run with --parallel workers loads its own.
 */
export function loadSteps(root: string, parallel: number): Promise<ISupportCodeLibrary> {
  // Node loads a step file once per process: a second run in it (the API's certify(), called
  // again) would register no step at all. It reuses the library the first one loaded.
  const key = `${root}\0${parallel}`;
  let loaded = supportLibraryCache.get(key);
  if (loaded === undefined) {
    loaded = configuration(root, parallel, {}).then((runConfiguration) => loadSupport(runConfiguration, { cwd: root }));
    loaded.catch(() => supportLibraryCache.delete(key));
    supportLibraryCache.set(key, loaded);
  }
  return loaded;
}

const supportLibraryCache = new Map<string, Promise<ISupportCodeLibrary>>();

async function configuration(root: string, parallel: number, provided: { worldParameters?: Record<string, never>; tags?: string; failFast?: boolean }): Promise<IRunConfiguration> {
  const { runConfiguration } = await loadConfiguration({
    file: false,
    provided: {
      paths: [FEATURES_GLOB],
      // The gate first: its BeforeAll is the run's first hook. Workers (--parallel) need none.
      require: [...(parallel === 0 ? [GATE_SUPPORT] : []), TIMING_SUPPORT, STEPS_GLOB],
      // This process already compiles TypeScript (bin/fw-conformance.js); parallel workers are
      // fresh processes and must register the loader themselves. Compiled JavaScript needs none.
      requireModule: parallel > 0 && !COMPILED ? [TYPESCRIPT_LOADER] : [],
      parallel,
      // No formatter: the runner reads the messages itself. Without one, cucumber would run its
      // progress formatter into the silent stream (a summary of every failure, 60-100 ms a run).
      format: [[SILENT_FORMATTER]],
      strict: true,
      ...provided,
    },
  }, { cwd: root });
  return runConfiguration;
}
