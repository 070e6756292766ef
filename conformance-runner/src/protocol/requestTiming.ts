import * as diagnostics from 'node:diagnostics_channel';

/**
 * Measures every HTTP request undici makes in this thread, through its diagnostics channels:
 * from the request's creation (queueing in the pool included) to the end of its response body, or
 * to its error. Each thread has its own channels, so a thread that sends requests for the suite
 * (the property worker) measures its own and hands the durations over (DURATIONS_CHANNEL).
 */
export function measureRequests(onDuration: (ms: number, lane: number) => void, laneOf: () => number = () => 0): () => void {
  const startedAt = new WeakMap<object, { at: number; lane: number }>();
  const finish = (message: unknown): void => {
    const request = (message as { request?: object }).request;
    if (!request) return;
    const started = startedAt.get(request);
    if (started === undefined) return;
    startedAt.delete(request);
    onDuration(performance.now() - started.at, started.lane);
  };
  const create = (message: unknown): void => {
    const request = (message as { request?: object }).request;
    if (request) startedAt.set(request, { at: performance.now(), lane: laneOf() });
  };
  diagnostics.subscribe('undici:request:create', create);
  diagnostics.subscribe('undici:request:trailers', finish);
  diagnostics.subscribe('undici:request:error', finish);
  return () => {
    diagnostics.unsubscribe('undici:request:create', create);
    diagnostics.unsubscribe('undici:request:trailers', finish);
    diagnostics.unsubscribe('undici:request:error', finish);
  };
}

/**
 * The durations of the requests of one run's scenarios in this thread, and those the property
 * worker hands over (DURATIONS_CHANNEL), from start() (the suite's first hook) to stop(); each
 * scenario takes what finished since the previous one (run/cucumber/support/timing.ts). When
 * scenarios run at once in lanes (run/cucumber/lanes), a request is its lane's: `laneOf` names the
 * lane of the code that creates it (undici creates a request in its caller's context), and a
 * scenario takes its own lane's; the property worker's, which belong to no lane, go to the first
 * scenario to finish after them, as before.
 */
export class RequestLog {
  private readonly durations = new Map<number, number[]>();
  private unowned: number[] = [];
  private stopMeasuring: (() => void) | undefined;
  private readonly handed = (message: unknown): void => { this.unowned.push(...(message as number[])); };

  constructor(private readonly laneOf: () => number = () => 0) {}

  start(): void {
    if (this.stopMeasuring !== undefined) return;
    this.durations.clear();
    this.unowned = [];
    const unmeasure = measureRequests((ms, lane) => {
      const own = this.durations.get(lane);
      if (own === undefined) this.durations.set(lane, [ms]);
      else own.push(ms);
    }, this.laneOf);
    DURATIONS_CHANNEL.subscribe(this.handed);
    this.stopMeasuring = () => { unmeasure(); DURATIONS_CHANNEL.unsubscribe(this.handed); };
  }

  stop(): void {
    this.stopMeasuring?.();
    this.stopMeasuring = undefined;
  }

  /** What was measured in the calling lane (and outside any) since the last take(), rounded to the microsecond. */
  take(): number[] {
    const lane = this.laneOf();
    const own = this.durations.get(lane) ?? [];
    this.durations.delete(lane);
    const taken = [...own, ...this.unowned].map((d) => Math.round(d * 1000) / 1000);
    this.unowned = [];
    return taken;
  }
}

/** Durations (ms, a number[] per message) measured in another thread, published in this one. */
export const DURATIONS_CHANNEL = diagnostics.channel('fw-conformance:request-durations');

/**
 * Media type of the runner's own per-scenario attachment with the HTTP timings it measured
 * (run/cucumber/support/timing.ts, which registers hooks and so is no module to import).
 */
export const TIMING_MEDIA = 'application/vnd.fw.timing+json';
