import { EXIT } from '../../config/exitCodes';
import type { Target } from '../../target';
import { adapterCheckConsole, runAdapterCheck, summariseAdapterCheck, type AdapterCheckOutcome } from './adapter-check';
import type { FinishBase } from '../finish/finish';
import type { Interruption, Interruptions } from './interruption';

/**
 * When the run is interrupted during the adapter check (a signal, or the target died), how long
 * to wait for the check to finish so that the reports can include it. The check takes ~0.1 s; an
 * adapter that died makes it finish at once (connection refused).
 */
const ADAPTER_CHECK_GRACE_MS = 2000;

/**
 * The adapter check at the start of a run, before cucumber starts (its requests are not scenario
 * requests: adapter-check.ts). Records it in `base` for the reports and prints it; returns what
 * stops the run there, if anything: an interruption, or an adapter that stopped answering.
 */
export async function checkBeforeSuite(target: Target, base: FinishBase, interruptions: Interruptions): Promise<Interruption | undefined> {
  const checking = runAdapterCheck(target, base.options.requestTimeoutMs, base.applications ?? undefined, base.lanes);
  const checked = await Promise.race([
    checking.then((outcome) => ({ kind: 'checked' as const, outcome })),
    interruptions.settled.then((i) => ({ kind: 'interrupted' as const, interruption: i })),
  ]);
  const outcome = checked.kind === 'checked' ? checked.outcome : await within(checking, ADAPTER_CHECK_GRACE_MS);
  // The check may finish just after the target died or a signal came: then no scenario runs.
  // Nor does it when the adapter stopped answering: every scenario would wait out its timeouts.
  const unresponsive = outcome !== undefined && 'report' in outcome ? outcome.report.unresponsive : undefined;
  const stop = checked.kind === 'interrupted' ? checked.interruption : interruptions.current ?? (unresponsive === undefined ? undefined : {
    reason: `the adapter stopped answering during the adapter check (${unresponsive}); no scenario was run`,
    exitCode: EXIT.fail,
    inFlight: { status: 'skipped' as const, message: 'not run: the adapter stopped answering during the adapter check' },
  });
  recordAdapterCheck(base, outcome, stop === undefined);
  return stop;
}

/** Prints the check's result and keeps it for the reports. */
function recordAdapterCheck(base: FinishBase, outcome: AdapterCheckOutcome | undefined, goesOn: boolean): void {
  const { env } = base;
  if (outcome === undefined) {
    base.runWarnings.push('the adapter check did not finish before the run stopped');
  } else if ('error' in outcome) {
    base.runWarnings.push(`the adapter check could not run: ${outcome.error}`);
    env.err(`fw-conformance: the adapter check could not run: ${outcome.error}\n`);
  } else {
    base.adapterCheck = summariseAdapterCheck(outcome.report, base.secrets);
    env.out(adapterCheckConsole(outcome.report, { color: env.tty, quiet: base.options.quiet, goesOn, secrets: base.secrets }));
  }
}

/** The promise's value if it settles within `ms`, undefined otherwise. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), ms); });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
