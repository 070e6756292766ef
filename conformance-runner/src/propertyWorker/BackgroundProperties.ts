import { Worker } from 'node:worker_threads';
import { codeFile, COMPILED, TYPESCRIPT_LOADER } from '../config/layout';
import type { EarlyProperty, WorldParameters } from '../protocol';
import { DURATIONS_CHANNEL } from '../protocol/requestTiming';
import type { MisplacedExceptions } from '../protocol/misplacedException';
import type { Checked } from './checkProperty';
import { fromWireChecked, fromWireError, propertyKey, type Start, type ToSuite } from './wire';

/**
 * The properties the runner starts early (WorldParameters.early), checked in a worker thread while
 * the suite's thread runs the other scenarios. A property is hundreds of requests and fast-check's
 * search; the scenarios are cucumber's bookkeeping: in one thread, each waited on the other, and
 * that thread was the run's bottleneck (the adapter idled). A property's cases depend on its seed
 * alone, so where it runs does not change its outcome; its step collects it with take().
 */
export class BackgroundProperties {
  private readonly pending = new Map<string, { promise: Promise<Checked>; resolve: (c: Checked) => void; reject: (e: Error) => void; taken: boolean }>();
  private readonly done: Promise<void>;
  /** Durations measured before the suite started (the runner starts the properties during the adapter check). */
  private beforeSuite: number[] | undefined = [];

  /**
   * `misplaced`: the run's tally, where the worker's own is added when it is done; `worker`: one
   * started ahead (EarlyProperties.standBy()), or a new one.
   */
  constructor(params: WorldParameters, early: readonly EarlyProperty[], misplaced: MisplacedExceptions, worker: Worker = startWorker()) {
    for (const { scenario, property } of early) {
      let resolve!: (c: Checked) => void;
      let reject!: (e: Error) => void;
      const promise = new Promise<Checked>((res, rej) => { resolve = res; reject = rej; });
      // Collected (and any error reported) by the property's own step.
      promise.catch(() => undefined);
      this.pending.set(propertyKey(scenario, property), { promise, resolve, reject, taken: false });
    }
    worker.postMessage({ params, early } satisfies Start);
    this.done = new Promise<void>((resolve) => {
      worker.on('message', (message: ToSuite) => {
        if (message.type === 'durations') this.timed(message.ms);
        else if (message.type === 'checked') this.pending.get(propertyKey(message.scenario, message.property))?.resolve(fromWireChecked(message.checked));
        else if (message.type === 'threw') this.pending.get(propertyKey(message.scenario, message.property))?.reject(fromWireError(message.error));
        else {
          // Said once for the run, with the suite's thread's own (run/finish.ts).
          if (message.misplaced !== undefined) misplaced.note(message.misplaced.first, message.misplaced.count);
          resolve();
        }
      });
      const failAll = (why: string): void => {
        for (const { reject } of this.pending.values()) reject(new Error(`the property worker ${why}`));
        resolve();
      };
      worker.on('error', (err) => failAll(`failed: ${err.stack ?? err.message}`));
      worker.on('exit', (code) => failAll(`exited with code ${code} before it finished`));
    });
  }

  /**
   * The suite has started (its first hooks ran, the request timings were reset): the durations
   * kept so far are the suite's now, and later ones go straight to the timings.
   */
  suiteStarted(): void {
    const kept = this.beforeSuite;
    this.beforeSuite = undefined;
    if (kept !== undefined && kept.length > 0) DURATIONS_CHANNEL.publish(kept);
  }

  private timed(ms: number[]): void {
    if (this.beforeSuite !== undefined) this.beforeSuite.push(...ms);
    else DURATIONS_CHANNEL.publish(ms);
  }

  /** The outcome of a property started here, once; undefined when it was not (the step checks it itself). */
  take(scenario: string | undefined, property: string): Promise<Checked> | undefined {
    const entry = this.pending.get(propertyKey(scenario, property));
    if (entry === undefined || entry.taken) return undefined;
    entry.taken = true;
    return entry.promise;
  }

  /** Settles when the worker has finished (its applications unloaded, when the adapter outlives the run). */
  finished(): Promise<void> {
    return this.done;
  }
}

/**
 * The run's property worker before its suite starts (RunState.properties): started ahead
 * (standBy()), handed the properties during the adapter check (startEarly()), taken by the suite's
 * property steps when the suite starts (takeStarted()).
 */
export class EarlyProperties {
  /** A worker started ahead of the suite (standBy()), for the BackgroundProperties to take. */
  private standingBy: Worker | undefined;
  /** Properties the runner started before the suite did (startEarly()), for the suite's steps to take. */
  private started: BackgroundProperties | undefined;

  /**
   * Starts checking the properties now, before the suite starts: the runner does it while the adapter
   * check runs, since a property's outcome does not depend on when it runs. The run stops before its
   * suite when the check finds the adapter unresponsive (the worker then ends with the process).
   */
  startEarly(params: WorldParameters, early: readonly EarlyProperty[], misplaced: MisplacedExceptions): void {
    if (this.started !== undefined) return;
    this.started = new BackgroundProperties(params, early, misplaced, this.standingBy);
    this.standingBy = undefined;
  }

  /** The properties startEarly() started, once; undefined when it was not called. */
  takeStarted(): BackgroundProperties | undefined {
    const taken = this.started;
    this.started = undefined;
    return taken;
  }

  /**
   * Starts the property worker now, so that it loads its modules while the runner still waits on the
   * adapter: the runner calls it when the run will start properties early. Unused, it ends with the
   * process (it is unref()ed, and waits for nothing but its Start message).
   */
  standBy(): void {
    this.standingBy ??= startWorker();
  }

  /** Ends the worker standBy() started when no properties will run after all (their selection has none). */
  dismiss(): void {
    void this.standingBy?.terminate();
    this.standingBy = undefined;
  }
}

function startWorker(): Worker {
  const entry = codeFile('conformance-runner/src/propertyWorker/worker');
  // The sources need the TypeScript loader in the worker too; the compiled package does not.
  const worker = COMPILED
    ? new Worker(entry)
    : new Worker(`require(${JSON.stringify(TYPESCRIPT_LOADER)}); require(${JSON.stringify(entry)});`, { eval: true });
  // A run that stops early (a signal, --max-time) does not wait for it.
  worker.unref();
  return worker;
}
