/**
 * A fault of the self-test: a small, realistic defect a framework author could make, applied to a
 * scratch copy of the reference (patches to its sources) or at the HTTP boundary (a proxy rewriting
 * the adapter's answers). Never a switch inside reference/src: the reference stays clean.
 */
export interface Patch {
  /** Path below the repository root, e.g. reference/src/routing/Router.ts. */
  file: string;
  /** Text that must occur exactly once in the file (else the fault is stale and the self-test says so). */
  find: string;
  replace: string;
}

export interface Fault {
  /** Stable id, kebab-case. */
  id: string;
  /** The rule of features/rules.json the fault breaks: the self-test expects it among the charged rules. */
  rule: string;
  /**
   * Further rules the fault breaks on their own (two independent faults at once; a shape fault
   * that breaks each cast): each must be charged too, as a root of its own, blocked by nothing.
   */
  also?: string[];
  /** The defect, in one sentence. */
  description: string;
  patches?: Patch[];
  /**
   * Transforms of selftest/proxy/transforms.ts, joined by "+": rewrites of the adapter's answers
   * (TRANSFORMS) or of the manifests sent to it (REQUEST_TRANSFORMS).
   */
  proxy?: string;
}
