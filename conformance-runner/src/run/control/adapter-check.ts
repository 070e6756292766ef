import { checkAdapter, formatCheckReport, type ApplicationsFinding, type CheckedTarget, type CheckReport } from '../../check-adapter';
import { CLIP, clipText } from '../../protocol/clip';
import type { AdapterCheckSummary } from '../../reports/model';

/*
 * The adapter check at the start of every run (unless --skip-adapter-check): the smoke test of
 * `--check-adapter`, so that an adapter's protocol deviations are explained once, before the
 * scenarios start erroring for the same cause. It is informative: the run goes on whatever it
 * finds and the verdict stays about rules. It runs in the runner process before cucumber starts,
 * through its own HTTP pool, so its requests are never scenario requests (support/timing.ts only
 * measures between a scenario's Before and After hooks).
 */

/** The check's result, or why it could not run at all (a bug of the check, never the adapter's fault). */
export type AdapterCheckOutcome = { report: CheckReport } | { error: string };

/** Runs checkAdapter() with the run's per-request timeout; never throws. */
export async function runAdapterCheck(target: CheckedTarget, requestTimeoutMs: number, applications?: ApplicationsFinding, width?: number): Promise<AdapterCheckOutcome> {
  try {
    return { report: await checkAdapter(target, { requestTimeoutMs, ...(applications !== undefined ? { applications } : {}), ...(width !== undefined ? { width } : {}) }) };
  } catch (err) {
    return { error: (err as Error)?.message ?? String(err) };
  }
}

/** conformance.json's `adapterCheck`, with the control-plane tokens redacted. */
export function summariseAdapterCheck(report: CheckReport, secrets: readonly string[] = []): AdapterCheckSummary {
  const scrub = redactor(secrets);
  return {
    passed: report.counts.pass,
    failed: report.counts.fail,
    warnings: report.counts.warn,
    notes: report.counts.note,
    skipped: report.counts.skip,
    durationMs: report.durationMs,
    checks: report.checks.map((c) => ({
      id: c.id,
      section: c.section,
      title: clipText(scrub(c.title), CLIP.messageChars),
      status: c.status,
      message: c.messages.length > 0 ? clipText(scrub(c.messages.join('\n')), CLIP.messageChars) : null,
      evidence: c.status === 'fail' || c.status === 'warn' || c.status === 'note'
        ? c.evidence.map((e) => ({ sent: clipText(scrub(e.sent), CLIP.storedChars), got: clipText(scrub(e.got), CLIP.storedChars) }))
        : [],
    })),
  };
}

/** `adapter check: 23 passed, 0 failed, 0 warnings` (`, N notes` and `, N skipped` when any). */
export function adapterCheckLine(report: CheckReport): string {
  const { pass, fail, warn, note, skip } = report.counts;
  return `adapter check: ${pass} passed, ${fail} failed, ${warn} warnings${note > 0 ? `, ${note} notes` : ''}${skip > 0 ? `, ${skip} skipped` : ''} (${(report.durationMs / 1000).toFixed(1)} s)`;
}

export interface AdapterCheckConsoleOptions {
  /** ANSI colours (a terminal). */
  color: boolean;
  /** --quiet: print only when a check failed. */
  quiet: boolean;
  /** Whether the suite runs next (false: the run was interrupted during the check). Default true. */
  goesOn?: boolean;
  /** Replaced by <redacted> in what is printed. */
  secrets?: readonly string[];
}

/**
 * What a run prints after the check: the summary line and, when checks failed or warned, the
 * formatted report of those checks only, and (when the suite runs next) a line saying the run goes on.
 */
export function adapterCheckConsole(report: CheckReport, options: AdapterCheckConsoleOptions): string {
  const { fail, warn, note } = report.counts;
  if (options.quiet && fail === 0) return '';
  const lines = [adapterCheckLine(report)];
  if (fail > 0 || warn > 0 || note > 0) {
    const shown: CheckReport = { ...report, checks: report.checks.filter((c) => c.status === 'fail' || c.status === 'warn' || c.status === 'note') };
    lines.push(formatCheckReport(shown, { color: options.color }));
    if (options.goesOn !== false) {
      lines.push(fail > 0
        ? 'adapter check: the run goes on (each scenario reports its own status, and failed checks do not change the verdict), ' +
          'but scenarios that error may share the causes above; skip the check with --skip-adapter-check'
        : 'adapter check: no failure; the warnings and notes above may explain unexpected results');
    }
  }
  return redactor(options.secrets ?? [])(lines.join('\n')) + '\n';
}

/** The line of the final console summary when checks failed ('' otherwise). */
export function adapterCheckReminder(summary: AdapterCheckSummary | null): string {
  if (!summary || summary.failed === 0) return '';
  const ids = summary.checks.filter((c) => c.status === 'fail').map((c) => c.id);
  const shown = ids.length > 6 ? [...ids.slice(0, 6), `${ids.length - 6} more`] : ids;
  return `ADAPTER CHECK: ${summary.failed} failed (${shown.join(', ')}): the adapter deviates from protocol 2 — fix it first (details above and in the reports)`;
}

function redactor(secrets: readonly string[]): (text: string) => string {
  return (text) => secrets.reduce((t, secret) => (secret ? t.split(secret).join('<redacted>') : t), text);
}
