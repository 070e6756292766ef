import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A lane: one of the cucumber runs that share a suite's scenarios in this process when the target
 * takes several requests at once (lanes.ts). Each lane runs its scenarios one after another, so
 * what the steps keep "for the scenario that is running" (the finding of a failing step, the
 * exchanges of a client, the durations of its requests) is kept per lane. The code cucumber runs
 * for a lane finds it through AsyncLocalStorage: every call and continuation that lane's
 * runCucumber() starts carries it, without cucumber knowing about lanes.
 */
export interface Lane {
  /** From 1 (0 is no lane). */
  readonly index: number;
  readonly of: number;
  /** How many lanes of the run have reached each closing point (lastLaneAt), shared by its lanes. */
  readonly reached: Map<string, number>;
}

const laneStorage = new AsyncLocalStorage<Lane>();

/** The lanes of one run, sharing their closing points. */
export function lanesOf(count: number): Lane[] {
  const reached = new Map<string, number>();
  return Array.from({ length: count }, (_, i) => ({ index: i + 1, of: count, reached }));
}

/** Runs `body` (a lane's runCucumber) in `lane`. */
export function inLane<T>(lane: Lane, body: () => T): T {
  return laneStorage.run(lane, body);
}

/** The lane the calling code runs in: 0 outside lanes (one cucumber run, or a --parallel worker). */
export function currentLane(): number {
  return laneStorage.getStore()?.index ?? 0;
}

/**
 * Whether the calling lane is the last of its run to reach `point` (the clean-up of an AfterAll
 * hook that every lane runs): what the lanes share (the run's loaded applications, the request
 * measurement) ends there, once, after every lane's scenarios. Always true outside lanes. Each
 * point is counted on its own, so two hooks of one lane do not count twice.
 */
export function lastLaneAt(point: string): boolean {
  const lane = laneStorage.getStore();
  if (lane === undefined) return true;
  const reached = (lane.reached.get(point) ?? 0) + 1;
  lane.reached.set(point, reached);
  return reached >= lane.of;
}
