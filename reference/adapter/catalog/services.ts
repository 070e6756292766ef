/** A service the container builds with no binding at all (protocol §4.4). */
export class Clock {
  name(): string {
    return 'clock';
  }
}

/**
 * A service with a constructor dependency and no public state (protocol §4.4): only a container
 * that calls the constructor with a Clock builds it right.
 */
export class Calendar {
  static inject = [Clock] as const;
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  get clock(): Clock {
    return this.#clock;
  }
}
