import type { ConformanceReport } from '../../reports/model';

/** What a run needs from the process that starts it (cli/main.ts, and the runner's own tests). */
export interface RunEnvironment {
  /** Where relative paths of the command line are resolved (and --start commands run). */
  cwd: string;
  /** The repository (package.json, reference/adapter). */
  repoRoot: string;
  /** features/ and steps/ (the repository, or FW_CONFORMANCE_SUITE_DIR for the runner's own tests). */
  suiteRoot: string;
  suiteVersion: string;
  tty: boolean;
  out: (text: string) => void;
  err: (text: string) => void;
  /**
   * Receives the run's report, as conformance.json holds it, once it is made (`--out -` prints it
   * on stdout; the programmatic API returns it).
   */
  report?: (report: ConformanceReport) => void;
}
