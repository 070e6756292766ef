import * as path from 'node:path';
// The registry alone: the target layer proper loads undici and ajv, which --help must not wait for.
import { killAllTargetsSync, stopAllTargets } from '../target/registry';
import { terminalOutput } from '../protocol/inert';
import { parseCommandLine, UsageError } from './args';
import { EXIT } from '../config/exitCodes';
import { HELP } from './help';
import { laneCount } from '../run/cucumber/lanes/lanes';
import { PACKAGE_ROOT } from '../config/layout';
import { suiteVersion } from '../config/suiteVersion';
import { STDOUT_OUT, type CliOptions } from '../config/options';

/** The package root: features/, the spec and package.json are found under it. */
const REPO_ROOT = PACKAGE_ROOT;

/** How long loading the run waits for the adapter to be spawned (it takes milliseconds: a free port). */
const SPAWN_WAIT_MS = 1000;

/** Everything the command prints passes here: a target's text never acts on the terminal (reports/inert.ts). */
const stdout = (text: string): boolean => process.stdout.write(terminalOutput(text));
const stderr = (text: string): boolean => process.stderr.write(terminalOutput(text));

/**
 * The fw-conformance command. Returns the exit code: 0 pass, 1 fail (or an incomplete run), 2 a
 * bad command line, 130 interrupted by Ctrl-C. Never prints a stack trace for a user's mistake.
 */
export async function main(argv: string[], cwd = process.cwd()): Promise<number> {
  // The report commands read reports only: no target, none of the run's options.
  const io = { cwd, out: stdout, err: stderr };
  if (argv[0] === 'matrix') return (await import('../matrix/command')).runMatrixCommand(argv.slice(1), io);
  if (argv[0] === 'diff') return (await import('../diff/command')).runDiffCommand(argv.slice(1), io);
  if (argv[0] === 'init') return (await import('../init/command')).runInitCommand(argv.slice(1), io);
  let options: CliOptions;
  try {
    options = parseCommandLine(argv, cwd);
  } catch (err) {
    if (err instanceof UsageError) {
      stderr(`fw-conformance: ${err.message} (see fw-conformance --help)\n`);
      return EXIT.usage;
    }
    throw err;
  }
  if (options.help) {
    stdout(HELP);
    return EXIT.pass;
  }
  if (options.version) {
    stdout(`${suiteVersion()}\n`);
    return EXIT.pass;
  }
  if (options.checkAdapter) return runCheckAdapter(options, cwd);
  // The adapter starts first, then the run's modules load while it boots (run/open.ts). They are
  // loaded on demand: cucumber and the report renderers take a while to load, --help should not.
  const { beginOpening } = await import('../run/control/open');
  const opening = beginOpening(options, cwd, REPO_ROOT);
  // Loading the run's modules keeps the event loop busy ~0.5 s: the adapter is spawned first.
  await Promise.race([opening.spawned, new Promise((resolve) => setTimeout(resolve, SPAWN_WAIT_MS).unref())]);
  const { runConformance } = await import('../run/control/run');
  // `--out -`: stdout carries conformance.json alone, for a pipe; the console's lines go to stderr.
  const toStdout = options.out === STDOUT_OUT;
  return runConformance(options, {
    cwd,
    repoRoot: REPO_ROOT,
    // The runner's own end-to-end tests point this at a fixture suite.
    suiteRoot: path.resolve(cwd, process.env.FW_CONFORMANCE_SUITE_DIR ?? REPO_ROOT),
    suiteVersion: suiteVersion(),
    tty: (toStdout ? process.stderr : process.stdout).isTTY === true,
    out: toStdout ? stderr : stdout,
    err: stderr,
    ...(toStdout ? { report: (report) => { process.stdout.write(reportJson(report)); } } : {}),
  }, opening);
}

async function runCheckAdapter(options: CliOptions, cwd: string): Promise<number> {
  const { checkAdapter, formatCheckReport } = await import('../check-adapter');
  const { openTarget, TargetError } = await import('../target');
  const onSignal = () => void stopAllTargets().finally(() => process.exit(EXIT.sigint));
  process.once('SIGINT', onSignal);
  try {
    const target = await openTarget({
      target: options.target, token: options.token, start: options.start, cwd: options.startCwd ?? cwd,
      startTimeoutMs: options.startTimeoutMs, requestTimeoutMs: options.requestTimeoutMs,
    });
    try {
      // As many requests at once as a run would send (--concurrency bounds what the adapter declares).
      const report = await checkAdapter(target, { requestTimeoutMs: options.requestTimeoutMs, width: laneCount(target.info.concurrency, options) });
      stdout(formatCheckReport(report, { color: process.stdout.isTTY === true }) + '\n');
      return report.exitCode;
    } finally {
      await target.stop();
    }
  } catch (err) {
    if (err instanceof TargetError) {
      stderr(`fw-conformance: ${err.message}\n`);
      return EXIT.fail;
    }
    throw err;
  } finally {
    process.off('SIGINT', onSignal);
  }
}

/**
 * conformance.json's text for stdout. JSON escapes C0 control characters but not C1 (U+0080 to
 * U+009F, CSI among them): escaped too, so a target's text cannot act on a terminal. Same value.
 */
export function reportJson(report: unknown): string {
  return JSON.stringify(report, null, 2).replace(/[\u0080-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';
}


/**
 * Entry point of bin/fw-conformance.js: runs main() and exits explicitly, since cucumber support
 * code may keep handles (HTTP pools) open and an interrupted run leaves cucumber running.
 */
export function runCli(): void {
  process.on('exit', () => killAllTargetsSync());
  main(process.argv.slice(2)).then(
    // Once stdout has taken everything (conformance.json with --out -: a pipe may be asynchronous).
    (code) => { process.stdout.write('', () => process.exit(code)); },
    (err: unknown) => {
      stderr(`fw-conformance: internal error: ${(err as Error)?.stack ?? String(err)}\n`);
      void stopAllTargets().finally(() => process.exit(EXIT.fail));
    },
  );
}

if (require.main === module) runCli();
