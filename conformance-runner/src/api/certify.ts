import * as path from 'node:path';
import { parseCommandLine, UsageError } from '../cli/args';
import { PACKAGE_ROOT } from '../config/layout';
import { STDOUT_OUT } from '../config/options';
import type { ConformanceReport } from '../reports/model';
import { suiteVersion } from '../config/suiteVersion';
import { CertifyError, type Certify, type CertifyOptions } from './types';

/**
 * Runs the suite against the target and resolves with its report, the object conformance.json
 * holds: `verdict`, `gate.pass` (what the command's exit status says), `rules`, `scenarios`...
 * A failing implementation is a report, not a rejection; bad options reject with a CertifyError.
 */
export const certify: Certify = async (options) => {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  let parsed;
  try {
    parsed = parseCommandLine(toArgv(options), cwd);
  } catch (err) {
    if (err instanceof UsageError) throw new CertifyError(err.message);
    throw err;
  }
  const log = options.log ?? (() => undefined);
  const { beginOpening } = await import('../run/control/open');
  const { runConformance } = await import('../run/control/run');
  let report: ConformanceReport | undefined;
  await runConformance(parsed, {
    cwd,
    repoRoot: PACKAGE_ROOT,
    suiteRoot: path.resolve(cwd, process.env.FW_CONFORMANCE_SUITE_DIR ?? PACKAGE_ROOT),
    suiteVersion: suiteVersion(),
    tty: false,
    out: log,
    err: log,
    report: (r) => { report = r; },
  }, beginOpening(parsed, cwd, PACKAGE_ROOT));
  // Only a run that stops before its suite is selected (no such rule, a bad expectations file) has none.
  if (report === undefined) throw new CertifyError('the run stopped before it made a report (see options.log for why)');
  return report;
};

/** The options as the command line parseCommandLine checks: one validation for both. */
function toArgv(o: CertifyOptions): string[] {
  const argv: string[] = [];
  const value = (flag: string, v: string | number | undefined) => { if (v !== undefined) argv.push(`--${flag}=${v}`); };
  const flag = (name: string, v: boolean | undefined) => { if (v === true) argv.push(`--${name}`); };
  value('start', o.start);
  value('target', o.target);
  value('token', o.token);
  flag('reference', o.reference);
  value('out', o.out ?? STDOUT_OUT);
  for (const rule of o.rules ?? []) value('rule', rule);
  if (o.levels !== undefined && o.levels.length > 0) value('level', o.levels.join(','));
  value('tags', o.tags);
  value('expectations', o.expectations);
  flag('update-expectations', o.updateExpectations);
  if (o.profile !== undefined) value('profile', o.profile === 'full' ? 'full' : o.profile.join(','));
  value('seed', o.seed);
  value('num-runs', o.numRuns);
  value('request-timeout', o.requestTimeoutMs);
  value('start-timeout', o.startTimeoutMs);
  value('scenario-timeout', o.scenarioTimeoutMs);
  value('max-time', o.maxTimeSeconds);
  flag('fail-fast', o.failFast);
  value('concurrency', o.concurrency);
  flag('skip-adapter-check', o.skipAdapterCheck);
  return argv;
}
