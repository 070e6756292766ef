/**
 * The runner's hold on the suite's scenarios: cucumber may load the features and match their steps
 * (0.3 to 0.6 s of the runner's CPU, 559 scenarios against 63 step definitions) while the adapter
 * check still waits on the adapter's answers, and nothing of the suite runs until the check is
 * done. support/gate.ts, the run's first BeforeAll hook, waits here; the suite's own BeforeAll
 * hooks (the properties started early) come after it. One per run (RunState.suiteHold), kept apart
 * from the hook so that the runner can import it: cucumber must be the one to load a file that
 * defines hooks.
 */
export class SuiteHold {
  private hold: Promise<void> | undefined;

  /** Holds the suite at its first hook; returns what lets it go, or stops it before anything ran. */
  take(): { release(): void; abandon(reason: string): void } {
    let release!: () => void;
    let abandon!: (err: Error) => void;
    const hold = new Promise<void>((resolve, reject) => { release = resolve; abandon = reject; });
    // Abandoned, the hook fails and cucumber ends; no one else waits on it.
    hold.catch(() => undefined);
    this.hold = hold;
    return { release: () => release(), abandon: (reason) => abandon(new Error(reason)) };
  }

  /**
   * What the gate's hook waits on: nothing unless the runner holds the suite (never in a cucumber
   * worker). Every lane of the run (lanes/lanes.ts) runs the gate and waits on the same hold.
   */
  held(): Promise<void> {
    return this.hold ?? Promise.resolve();
  }
}
