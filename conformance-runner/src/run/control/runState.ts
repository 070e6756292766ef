import { randomUUID } from 'node:crypto';
import { MisplacedExceptions } from '../../protocol/misplacedException';
import { RequestLog } from '../../protocol/requestTiming';
import { SharedApps } from '../../protocol/sharedApps';
import type { ClientSharing, WorldParameters } from '../../protocol/world';
import { EarlyProperties, type BackgroundProperties } from '../../propertyWorker/BackgroundProperties';
import type { Target } from '../../target';
import type { Collector } from '../cucumber/collector';
import { SuiteHold } from '../cucumber/suiteHold';
import { currentLane } from '../cucumber/lanes/laneContext';
import type { FinishBase } from '../finish/finish';

/**
 * The state of one conformance run, in one object: what its stages (run.ts) hand each other, and
 * what the code cucumber runs for it in this process — the runner's support hooks (gate.ts,
 * timing.ts) and the suite's steps, through forSteps/ — shares with the runner. Nothing of a run
 * lives in a module of its own, so two runs in one process (the API's certify(), called twice) do
 * not see each other's.
 *
 * Cucumber copies the world parameters (structuredClone) for every scenario: what reaches the
 * hooks and steps is the run's id (WorldParameters.run), under which they find this object.
 */
export class RunState {
  /** The applications loaded once for the run, and the misplaced X-Fw-Exception headers counted (protocol/world.ts). */
  readonly sharing: ClientSharing = { sharedApps: new SharedApps(), misplaced: new MisplacedExceptions() };
  /** The property worker, started ahead and handed the properties before the suite starts. */
  readonly properties = new EarlyProperties();
  /** The properties the suite's steps collect, once started for it (forSteps backgroundProperties()). */
  suiteProperties?: BackgroundProperties;
  /** The hold on the suite while the adapter check runs. */
  readonly suiteHold = new SuiteHold();
  /** The durations of the suite's requests, attached to each scenario. */
  readonly requests = new RequestLog(currentLane);
  /** What an internal error may still report: set by the stages as they get that far. */
  base?: FinishBase;
  collector?: Collector;
  target?: Target;

  private constructor(readonly id: string) {}

  /** A new run of this process, found by its id until close(). */
  static open(): RunState {
    const state = new RunState(randomUUID());
    runs.set(state.id, state);
    return state;
  }

  /** The run is over: its support code finds it no more. */
  close(): void {
    this.requests.stop();
    this.properties.dismiss();
    runs.delete(this.id);
  }

  /**
   * The run's share in a process the runner did not open it in (a --parallel worker, cucumber run
   * directly): made on the first ask, under the run's id (or "" without one), for the process's life.
   */
  static guest(id: string): RunState {
    const state = new RunState(id);
    runs.set(id, state);
    return state;
  }
}

/**
 * The runs of this process, by id: the one place a run is found from outside its stages (the
 * hooks and steps cucumber runs, which get only the world parameters). An entry lives from
 * RunState.open() to close(), or, for a guest, as long as the process.
 */
const runs = new Map<string, RunState>();

/** The run the world parameters belong to, in this process. */
export function runStateOf(parameters: Partial<WorldParameters> | undefined): RunState {
  const id = parameters?.run ?? '';
  return runs.get(id) ?? RunState.guest(id);
}
