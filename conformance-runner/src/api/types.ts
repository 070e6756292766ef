/*
 * The types of the programmatic API, apart from its implementation: the build bundles the package's
 * index.d.ts from this file (scripts/build.js), whose closure is these types and the report's, not
 * the run's modules (cucumber, undici), which would triple the time it takes.
 */
import type { Level } from '../model/levels';
import type { Capability } from '../protocol/manifest';
import type { ConformanceReport } from '../reports/model';

export type { ConformanceReport, ReportScenario, ReportRootCause, AdapterCheckSummary, Timing } from '../reports/model';
export type { RuleResult } from '../model/results';
export type { Gate, Profile, VerdictKind } from '../model/verdict';
export type { Level } from '../model/levels';
export type { Capability } from '../protocol/manifest';

/** What `certify()` runs: the command's options, as values (`fw-conformance --help` says more of each). */
export interface CertifyOptions {
  /** A shell command that starts the adapter (it gets PORT, TOKEN and HOST), run in `cwd`. */
  start?: string;
  /** The origin of an adapter that is already running (with `token`). */
  target?: string;
  token?: string;
  /** The bundled reference adapter, instead of `start` or `target`. */
  reference?: boolean;
  /** Where `start` runs and relative paths resolve (default: process.cwd()). */
  cwd?: string;
  /** A folder to write the reports into as well (conformance.json, .md, .html...); default: none. */
  out?: string;
  /** Rule IDs or prefixes (`--rule`). */
  rules?: string[];
  levels?: Level[];
  /** A cucumber tag expression (`--tags`). */
  tags?: string;
  /** An expectations file: the gate passes while the results match it. */
  expectations?: string;
  updateExpectations?: boolean;
  /** The capabilities the implementation is held to, or 'full'. */
  profile?: Capability[] | 'full';
  seed?: number;
  numRuns?: number;
  requestTimeoutMs?: number;
  startTimeoutMs?: number;
  scenarioTimeoutMs?: number;
  maxTimeSeconds?: number;
  failFast?: boolean;
  /** `--concurrency`: at most this many scenarios at once (default: what the adapter declares, at most 8). */
  concurrency?: number;
  skipAdapterCheck?: boolean;
  /** Receives what the command would print (progress, the summary); by default nothing is printed. */
  log?: (text: string) => void;
}

/** Options certify() refuses, with the reason (the command's usage errors). */
export class CertifyError extends Error {
  override name = 'CertifyError';
}

/**
 * Runs the suite against the target and resolves with its report, the object conformance.json
 * holds: `verdict`, `gate.pass` (what the command's exit status says), `rules`, `scenarios`...
 * A failing implementation is a report, not a rejection; bad options reject with a CertifyError.
 */
export type Certify = (options: CertifyOptions) => Promise<ConformanceReport>;
