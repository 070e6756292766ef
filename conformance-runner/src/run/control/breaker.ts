import type { ScenarioResult } from '../../model/results';

/** Connection failures of undici and of the OS: the target is gone or refuses connections. */
const UNREACHABLE = /\b(ECONNREFUSED|ECONNRESET|EPIPE|EHOSTUNREACH|UND_ERR_SOCKET|UND_ERR_CONNECT_TIMEOUT|UND_ERR_CLOSED)\b|other side closed/;

export function unreachable(result: Pick<ScenarioResult, 'status' | 'message'>): boolean {
  return result.status === 'timed-out' || (result.status === 'errored' && UNREACHABLE.test(result.message ?? ''));
}

/**
 * The circuit breaker: after `threshold` scenarios in a row that timed out or could not reach the
 * target, the rest of the run cannot say anything about rules (every scenario would wait out its
 * timeout against a dead or hung adapter), so the run stops there and reports the rest as not run.
 * Its default is config/defaults.ts's CIRCUIT_BREAKER_THRESHOLD.
 */
export class CircuitBreaker {
  private streak: string[] = [];
  private tripped = false;

  /** `threshold` 0 never trips. */
  constructor(private readonly threshold: number, private readonly trip: (reason: string) => void) {}

  observe(result: Pick<ScenarioResult, 'id' | 'status' | 'message'>): void {
    if (this.tripped || this.threshold <= 0) return;
    if (unreachable(result)) {
      this.streak.push(`${result.id}: ${(result.message ?? result.status).split('\n')[0]}`);
      if (this.streak.length >= this.threshold) {
        this.tripped = true;
        this.trip(`circuit breaker: ${this.streak.length} scenarios in a row timed out or could not reach the target ` +
          `(last: ${this.streak[this.streak.length - 1]}); the rest of the run was not run (--circuit-breaker ${this.threshold}; 0 turns it off)`);
      }
    } else if (result.status !== 'skipped' && result.status !== 'unsupported') {
      // An answer of any kind, even a failing one, shows the target alive.
      this.streak = [];
    }
  }
}
