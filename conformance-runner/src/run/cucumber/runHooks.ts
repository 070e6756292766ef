import type { Envelope } from '@cucumber/messages';

/**
 * Which run hook (BeforeAll or AfterAll) failed, from cucumber's messages. Cucumber 12 words the
 * failure of every run hook "a BeforeAll hook errored, process exiting: <where>", AfterAll hooks
 * included, and keeps the reason in the error's cause: a run whose AfterAll timed out waiting on
 * the property worker ended blaming a BeforeAll hook (issue 38). Its messages say which it was.
 */
export class RunHooks {
  /** Hook id → its kind and where it is defined. */
  private readonly hooks = new Map<string, { after: boolean; where: string }>();
  /** testRunHookStarted id → hook id. */
  private readonly started = new Map<string, string>();
  private failed: { hookId: string; message: string } | undefined;

  readonly observe = (envelope: Envelope): void => {
    if (envelope.hook) {
      const { id, type, sourceReference } = envelope.hook;
      if (type !== 'BEFORE_TEST_RUN' && type !== 'AFTER_TEST_RUN') return;
      const line = sourceReference.location?.line;
      this.hooks.set(id, { after: type === 'AFTER_TEST_RUN', where: `${sourceReference.uri ?? '?'}${line === undefined ? '' : `:${line}`}` });
    } else if (envelope.testRunHookStarted) {
      this.started.set(envelope.testRunHookStarted.id, envelope.testRunHookStarted.hookId);
    } else if (envelope.testRunHookFinished && envelope.testRunHookFinished.result.status === 'FAILED' && this.failed === undefined) {
      const hookId = this.started.get(envelope.testRunHookFinished.testRunHookStartedId);
      const { result } = envelope.testRunHookFinished;
      if (hookId !== undefined) this.failed = { hookId, message: result.exception?.message ?? result.message ?? 'no reason given' };
    }
  };

  /** Why cucumber could not run the suite, naming the hook that failed and why, where its messages show it. */
  explain(err: unknown): string {
    const message = (err as Error)?.message ?? String(err);
    const hook = this.failed === undefined ? undefined : this.hooks.get(this.failed.hookId);
    if (hook === undefined || !/hook errored/.test(message)) return message;
    return `${hook.after ? 'an AfterAll' : 'a BeforeAll'} hook failed (${hook.where}): ${this.failed!.message.split('\n')[0]}`;
  }
}
