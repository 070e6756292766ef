/**
 * The fw-conformance command's exit statuses, defined once: the CLI, the run, --help and the
 * docs' table all say the same (conformance-runner/test/cli/drift.test.ts holds them together).
 */
export const EXIT = { pass: 0, fail: 1, usage: 2, sigint: 130 } as const;

/** What each status means, in --help's words. */
export const EXIT_MEANINGS: Readonly<Record<keyof typeof EXIT, string>> = {
  pass: 'the gate passes: every must and implied rule of the profile passes (a narrowed run or a declared --profile may leave rules untested), or the results match --expectations exactly; --check-adapter: no check failed; init: the skeleton is written',
  fail: 'the gate fails: a rule fails, a partial profile nobody asked for, a result that differs from --expectations, or an incomplete run (the target died, --max-time, the circuit breaker)',
  usage: 'a bad command line, an expectations file that is missing or invalid, an init folder that is not empty or cannot be written, or reports that cannot be written (a full disk, a folder without permission: conformance.json is written first)',
  sigint: 'interrupted by Ctrl-C (the reports are still written, marked incomplete)',
};
