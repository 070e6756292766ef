import { EXIT } from '../../config/exitCodes';
import { stopAllTargets, type TargetDeath } from '../../target';

/** Why a run stopped early: a signal, a dying target, the circuit breaker, --max-time, an internal error. */
export interface Interruption {
  reason: string;
  exitCode: number;
  /** What to say about the scenarios that were running. */
  inFlight: { status: 'errored' | 'skipped'; message: string };
}

export function deathInterruption(death: TargetDeath, who = 'target'): Interruption {
  const how = death.signal !== null ? `was killed by ${death.signal}` : `exited with code ${death.code}`;
  const tail = death.outputTail.trim() ? `; its last output:\n${death.outputTail.trimEnd()}` : '';
  return {
    reason: `the ${who} ${how} during the run${tail}`,
    exitCode: EXIT.fail,
    inFlight: { status: 'errored', message: `the ${who} ${how} while this scenario ran` },
  };
}

export function breakerInterruption(reason: string): Interruption {
  return { reason, exitCode: EXIT.fail, inFlight: { status: 'skipped', message: 'not finished: the circuit breaker stopped the run' } };
}

/** Something that prevented the run from going on; its scenarios are reported not run. */
export function notRunInterruption(reason: string): Interruption {
  return { reason, exitCode: EXIT.fail, inFlight: { status: 'skipped', message: 'not run' } };
}

/**
 * The run's interruptions, gathered in one promise the run's stages race against: whatever comes
 * first (a signal, --max-time, the target dying, the breaker) ends the run with partial reports.
 * Signals and --max-time are watched from construction until dispose().
 */
export class Interruptions {
  /** Settles with the first interruption. */
  readonly settled: Promise<Interruption>;
  private resolve!: (i: Interruption) => void;
  private first: Interruption | undefined;
  private mute: (() => void) | undefined;
  private signals = 0;
  private readonly maxTimer: NodeJS.Timeout | undefined;
  private readonly onSignal = (signal: NodeJS.Signals): void => this.signal(signal);

  constructor(private readonly err: (text: string) => void, maxTimeMs: number | undefined) {
    this.settled = new Promise<Interruption>((resolve) => { this.resolve = resolve; });
    this.maxTimer = maxTimeMs === undefined ? undefined : setTimeout(() => this.stop({
      reason: `the run reached --max-time ${maxTimeMs / 1000} s`,
      exitCode: EXIT.fail,
      inFlight: { status: 'skipped', message: 'not finished: the run reached --max-time' },
    }, `--max-time ${maxTimeMs / 1000} s reached`), maxTimeMs);
    this.maxTimer?.unref();
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
  }

  /** The first interruption, once there is one. */
  get current(): Interruption | undefined {
    return this.first;
  }

  /** What to silence when the run is interrupted (the progress line, which would overwrite the notice). */
  muteOnInterruption(mute: () => void): void {
    this.mute = mute;
  }

  /** Stops the run; `notice` is said at once (the reason itself ends the run's summary). */
  stop(i: Interruption, notice?: string): void {
    if (this.first === undefined) {
      this.mute?.();
      if (notice) this.err(`fw-conformance: ${notice}, writing partial reports\n`);
    }
    this.interrupt(i);
  }

  dispose(): void {
    if (this.maxTimer) clearTimeout(this.maxTimer);
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
  }

  private interrupt(i: Interruption): void {
    this.first ??= i;
    this.resolve(i);
  }

  /** The first signal writes partial reports; a second one quits at once (a run stuck writing them). */
  private signal(signal: NodeJS.Signals): void {
    this.signals += 1;
    if (this.signals > 1) {
      this.err(`fw-conformance: ${signal} again, stopping now without reports\n`);
      void stopAllTargets().finally(() => process.exit(EXIT.sigint));
      return;
    }
    this.err(`\nfw-conformance: ${signal} received, writing partial reports (press Ctrl-C again to quit at once)\n`);
    this.mute?.();
    this.interrupt({
      reason: `interrupted by ${signal}`,
      exitCode: signal === 'SIGINT' ? EXIT.sigint : EXIT.fail,
      inFlight: { status: 'skipped', message: `not finished: the run was interrupted by ${signal}` },
    });
  }
}
