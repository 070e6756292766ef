/**
 * Seam: V8's tier-up budget, `--interrupt-budget`, raised eightfold at run time with
 * `v8.setFlagsFromString()`, written against V8 11.3 (Node 20). V8's flags are not a stable
 * interface: a V8 may rename or drop one, and then prints an error for it instead of failing.
 *
 * Where it is set: the first lines of conformance-runner/bin/fw-conformance.js (before anything
 * loads, so that every function the run compiles counts against it) and of the reference adapter,
 * reference/adapter/main.ts. Neither can import this file (the command runs before any TypeScript
 * loads; the reference never imports the runner), so each writes the flag itself, and the test
 * holds both to INTERRUPT_BUDGET_FLAG and V8_MAJOR_AT_MOST.
 *
 * Why: a run lasts seconds and its hot code runs thousands of times, not millions; TurboFan's
 * compiles, on V8's background threads that share the two cores with the target, mostly never paid
 * back. What it buys, measured side by side (paired runs, with against without, on a shared
 * 2-core machine, medians of 4 pairs): `npm run conformance` wall 0.90 of the run without it
 * (0.82 to 0.94), CPU 0.92; `npm run certify -- lumen` wall 0.93 (0.83 to 1.05), CPU 0.85. Kept:
 * on the reference's run it is at the 10 % line, and it costs one line in each process.
 *
 * Upstream: nothing to raise; a V8 that tiers up short-lived processes better ends it.
 *
 * When V8 moves: conformance-runner/test/vendor-seams/v8InterruptBudget.test.ts fails at once (a V8
 * past V8_MAJOR_AT_MOST, which the two processes would skip silently, or a V8 that no longer knows
 * the flag).
 */
export const V8_INTERRUPT_BUDGET_SEAM = { dependency: 'v8', writtenAgainst: '11.3' } as const;

/** The flag as both processes set it: eight times V8's default of 66 KiB of bytecode. */
export const INTERRUPT_BUDGET_FLAG = `--interrupt-budget=${8 * 66 * 1024}`;

/** The newest V8 major version the two processes set it on (a later one may not know it). */
export const V8_MAJOR_AT_MOST = 13;
