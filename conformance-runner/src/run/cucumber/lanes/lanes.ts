import { MOST_AT_ONCE } from '../../../protocol/atOnce';

/**
 * How many of the suite's scenarios run at once in this process. A scenario mostly waits on the
 * target: against one that takes 50 ms a request, a run that sends its scenarios one after
 * another spends most of its time waiting (issue 37: 5 times the run against a prompt one). The
 * adapter says how many requests it serves at once (info `concurrency`, protocol §2.2); the
 * runner then shares the scenarios among that many lanes (at most MOST_AT_ONCE), each a cucumber run
 * of its own in this process (its share of the feature files and their scenarios: lanePlan.ts),
 * plus one lane for the property scenarios (each only waits for its property, which runs in the
 * background), and their messages are merged into one run's (laneMerge.ts). Lanes need no
 * start-up of their own, unlike --parallel's worker processes, which on a small machine cost what
 * the overlap saves.
 *
 * One lane (today's run, one scenario after another) when the adapter declares nothing, with
 * --parallel (its workers share the scenarios instead), with --fail-fast (the first failure ends
 * the run, which only one lane can tell), or when --concurrency says so.
 */
export interface LaneOptions {
  parallel: number;
  failFast: boolean;
  /** --concurrency: at most this many scenarios at once, whatever the adapter declares. */
  concurrency?: number;
}

export function laneCount(declared: number | undefined, options: LaneOptions): number {
  if (options.parallel > 0 || options.failFast) return 1;
  const allowed = Math.min(declared ?? 1, options.concurrency ?? MOST_AT_ONCE, MOST_AT_ONCE);
  return Math.max(1, Math.floor(allowed));
}
