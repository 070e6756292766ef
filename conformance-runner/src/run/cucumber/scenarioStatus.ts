import type { Status } from '../../model/status';

/** One finished test step (or hook) of a scenario, as cucumber reported it. */
export interface StepOutcome {
  /** Cucumber's TestStepResultStatus: PASSED, FAILED, SKIPPED, PENDING, UNDEFINED, AMBIGUOUS, UNKNOWN. */
  status: string;
  hook: boolean;
  /** The Gherkin step text (absent for hooks). */
  text?: string;
  exceptionType?: string;
  exceptionMessage?: string;
  /** Cucumber's full message (with stack) when there is no exception object. */
  message?: string;
}

export interface Classification {
  status: Status;
  /** Why it did not pass: the exception's message, or why it was skipped or unsupported. */
  message?: string;
  /** The step (or "hook") that decided the status. */
  step?: string;
}

/** Exception names from conformance-runner/src/protocol/errors.ts. */
const ERRORED = 'AdapterError';
const TIMED_OUT = 'RequestTimeoutError';
const UNSUPPORTED = 'UnsupportedError';
/** Cucumber's own step timeout (user_code_runner): "function timed out, ensure the promise resolves within N milliseconds". */
const CUCUMBER_TIMEOUT = /^function timed out, ensure the /;

/**
 * Turns cucumber step results into a report status (docs/architecture.md "Attachments and
 * statuses"). The first failing step decides: protocol deviations (AdapterError) and timeouts are
 * reported apart from assertion failures so an implementer never hunts a spec bug that is an
 * adapter bug. A scenario that was not run keeps the reason in `message`.
 */
export function classify(steps: StepOutcome[], unsupported?: { capability?: string; message?: string }, failFast = false): Classification {
  const failed = steps.find((s) => s.status === 'FAILED');
  if (failed) {
    const type = exceptionType(failed);
    const message = (failed.exceptionMessage ?? failed.message ?? 'the step failed without a message').trim();
    const step = failed.hook ? 'hook' : failed.text;
    if (type === UNSUPPORTED) return { status: 'unsupported', message, step };
    if (type === ERRORED) return { status: 'errored', message, step };
    if (type === TIMED_OUT || CUCUMBER_TIMEOUT.test(message)) return { status: 'timed-out', message, step };
    return { status: 'failed', message, step };
  }
  for (const [status, reason] of [['AMBIGUOUS', 'ambiguous step'], ['UNDEFINED', 'undefined step'], ['PENDING', 'pending step']] as const) {
    const step = steps.find((s) => s.status === status);
    if (step) return { status: 'skipped', message: `not run: ${reason} "${step.text ?? 'hook'}"`, step: step.text };
  }
  if (unsupported) {
    const what = unsupported.capability ? `the target does not support the capability "${unsupported.capability}"` : 'the target does not support this scenario';
    return { status: 'unsupported', message: unsupported.message ?? what };
  }
  const skipped = steps.find((s) => s.status === 'SKIPPED' || s.status === 'UNKNOWN');
  if (skipped) {
    return { status: 'skipped', message: failFast ? 'not run (--fail-fast after an earlier failure)' : `skipped at "${skipped.text ?? 'hook'}"`, step: skipped.text };
  }
  return { status: 'passed' };
}

function exceptionType(step: StepOutcome): string | undefined {
  if (step.exceptionType && step.exceptionType !== 'Error') return step.exceptionType;
  // A string thrown or an Error subclass that lost its constructor name: read the message head.
  const head = /^(AdapterError|RequestTimeoutError|UnsupportedError)\b/.exec(step.message ?? '');
  return head?.[1] ?? step.exceptionType;
}
