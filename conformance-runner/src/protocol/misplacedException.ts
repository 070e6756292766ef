/**
 * Answers that carried X-Fw-Exception without being a 5xx, in this thread (protocol §3.3: the
 * header goes with a 5xx the framework's exception handler made). The runner does not show the
 * header there (issue 38: a 200 was shown with "the framework's error"), and the run says once
 * that the adapter sends it elsewhere; the property worker sends its tally when it is done.
 */
export interface MisplacedExceptions {
  count: number;
  /** The first such answer: `GET /users/1 → 200`. */
  first: string;
}

let tally: MisplacedExceptions | undefined;

export function noteMisplacedException(first: string, count = 1): void {
  if (tally === undefined) tally = { count, first };
  else tally.count += count;
}

export function misplacedExceptions(): MisplacedExceptions | undefined {
  return tally === undefined ? undefined : { ...tally };
}

/** The run's warning about them, if any. */
export function misplacedExceptionWarning(): string | undefined {
  if (tally === undefined) return undefined;
  return `the adapter sent X-Fw-Exception with ${tally.count.toLocaleString('en-US')} answer${tally.count === 1 ? '' : 's'} that ${tally.count === 1 ? 'is' : 'are'} not a 5xx ` +
    `(first: ${tally.first}); protocol §3.3 sends it with a 5xx only, so the runner did not show it as the framework's error there`;
}
