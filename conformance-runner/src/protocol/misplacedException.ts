/**
 * Answers that carried X-Fw-Exception without being a 5xx (protocol §3.3: the header goes with a
 * 5xx the framework's exception handler made). The runner does not show the header there (issue
 * 38: a 200 was shown with "the framework's error"), and the run says once that the adapter sends
 * it elsewhere. One tally per run (run/control/state.ts), shared by the clients that talk to its
 * target; the property worker keeps its own and sends it when it is done.
 */
export interface MisplacedCount {
  count: number;
  /** The first such answer: `GET /users/1 → 200`. */
  first: string;
}

export class MisplacedExceptions {
  private tally: MisplacedCount | undefined;

  note(first: string, count = 1): void {
    if (this.tally === undefined) this.tally = { count, first };
    else this.tally.count += count;
  }

  counted(): MisplacedCount | undefined {
    return this.tally === undefined ? undefined : { ...this.tally };
  }

  /** The run's warning about them, if any. */
  warning(): string | undefined {
    const tally = this.tally;
    if (tally === undefined) return undefined;
    return `the adapter sent X-Fw-Exception with ${tally.count.toLocaleString('en-US')} answer${tally.count === 1 ? '' : 's'} that ${tally.count === 1 ? 'is' : 'are'} not a 5xx ` +
      `(first: ${tally.first}); protocol §3.3 sends it with a 5xx only, so the runner did not show it as the framework's error there`;
  }
}
