import type { CoverageInfo } from '../../reports/model';
import type { Coverage } from './coverage';
import { display } from '../finish/display';
import type { RunEnvironment } from '../control/environment';

/** The coverage report for conformance.json, or why there is none (a warning of the run). */
export interface CoverageOutcome {
  info: CoverageInfo | null;
  warning?: string;
}

/** The coverage report, made by c8 in a child process while the run attributes its results. */
export async function coverageReport(coverage: Coverage, outDir: string, targetCwd: string, env: RunEnvironment, say: (text: string) => void): Promise<CoverageOutcome> {
  try {
    // What is measured is the target's folder (where --start ran), its files named from there.
    const c = await coverage.report(outDir, targetCwd);
    const info = { dir: display(env.cwd, c.dir), summary: c.summary, uncovered: display(env.cwd, c.uncovered) };
    say(`\nCoverage of the target (${info.dir}/index.html, not reached: ${info.uncovered}):\n${c.summary}\n`);
    return { info };
  } catch (err) {
    env.err(`fw-conformance: coverage report failed: ${(err as Error).message}\n`);
    return { info: null, warning: `coverage: ${(err as Error).message}` };
  }
}
