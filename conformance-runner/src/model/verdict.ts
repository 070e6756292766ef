import type { Capability } from './capability';

/**
 * What the run says about the implementation (docs/reports.md, "The verdict"):
 * - conforms: every capability of the full profile declared, every must and implied rule run and passed;
 * - partial:  every must and implied rule that ran passed, but some could not run (capabilities the
 *             target does not declare, or a run narrowed with --rule/--tags/--level);
 * - fails:    a must or implied rule failed, errored, timed out, is blocked by one that did, or did
 *             not run although it was selected; or the run is incomplete.
 * "Not tested" never reads as "passed": a partial verdict names what it left out.
 */
export type VerdictKind = 'conforms' | 'partial' | 'fails';

/** The capabilities side of a run (conformance.json `profile`). */
export interface Profile {
  /** What the target declared. */
  declared: Capability[];
  /** Capabilities of the full profile it does not declare. */
  missing: Capability[];
  full: boolean;
  /** The profile the user asked to be held to (--profile, or the expectations file); null: the full profile. */
  requested: Capability[] | null;
  /** must and implied rules that could not run (unsupported). */
  untested: string[];
  /** must and implied rules some of whose counted scenarios could not run: tested in part. */
  partlyTested: string[];
}

export interface Gate {
  /** Whether the command exits 0. */
  pass: boolean;
  reason: string;
}

export interface Verdict {
  verdict: VerdictKind;
  /** One sentence saying why. */
  reason: string;
  /** must/implied rules charged with a failure (failed, errored or timed-out). */
  badRules: string[];
  /** Whether this run passes as a CI gate: the exit status. */
  gate: Gate;
}
