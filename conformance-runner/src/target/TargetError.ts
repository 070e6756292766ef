/**
 * The one error openTarget() and the process helpers throw: its message is written for the person
 * running the suite (what was tried, what happened, what to do), so the CLI prints `message` as it
 * is and never a stack trace.
 */
export class TargetError extends Error {
  override name = 'TargetError';
  /** The last lines the adapter process printed, when there was a process. */
  readonly outputTail?: string;

  constructor(message: string, details: { outputTail?: string; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.outputTail = details.outputTail;
  }
}
