/**
 * The defaults of the command's options, defined once: the argument parser starts from them,
 * --help prints them (cli/help.ts), and the protocol client and the steps' world parameters fall
 * back on the same request timeout and run count (protocol/AdapterClient.ts, protocol/world.ts).
 * This file imports nothing, so every folder of the runner may read it.
 */

/** Per HTTP request to the target: long enough for a framework's cold boot, short enough to stop a hung one. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** fast-check runs per property. */
export const NUM_RUNS = 100;

/**
 * Scenarios in a row that time out or cannot reach the target before the circuit breaker stops
 * the run (run/breaker.ts): three, so one slow scenario never stops a run but a dead target soon does.
 */
export const CIRCUIT_BREAKER_THRESHOLD = 3;

export const DEFAULTS = {
  out: 'reports',
  numRuns: NUM_RUNS,
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  startTimeoutMs: 30_000,
  parallel: 0,
  circuitBreaker: CIRCUIT_BREAKER_THRESHOLD,
} as const;
