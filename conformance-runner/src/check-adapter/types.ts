import type { Info } from '../protocol';

/**
 * `fail`: the adapter breaks protocol 2 (its job). `warn`: something the protocol asks for that the
 * suite can live without. `note`: the framework did something the suite itself will judge (a refused
 * boot, a URL it cannot generate, a route file it loads although nothing loads it) — an
 * observation about the framework, never a protocol fault.
 */
export type CheckStatus = 'pass' | 'fail' | 'warn' | 'note' | 'skip';

/** One exchange shown under a check: enough to reproduce it with curl. */
export interface Evidence {
  sent: string;
  got: string;
}

export interface CheckResult {
  /** Stable id, e.g. `manifest.method`. */
  id: string;
  /** Section of docs/adapter-protocol.md that requires the behaviour, e.g. `§2.3`. */
  section: string;
  /** What the check expects, in one line. */
  title: string;
  status: CheckStatus;
  /** For pass: what was seen; otherwise every deviation, each a sentence an implementer can act on. */
  messages: string[];
  evidence: Evidence[];
}

export interface CheckReport {
  /** Base URL of the adapter that was checked. */
  target: string;
  implementation?: Info['implementation'];
  protocol?: number;
  checks: CheckResult[];
  counts: Record<CheckStatus, number>;
  /** True when no check failed (warnings, notes and skips are allowed). */
  ok: boolean;
  /** What `fw-conformance --check-adapter` exits with. */
  exitCode: 0 | 1;
  durationMs: number;
  /** Set when the adapter stopped answering (requests in a row without an answer): why the check gave up. */
  unresponsive?: string;
}
