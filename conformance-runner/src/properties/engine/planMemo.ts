import { createHash } from 'node:crypto';
import type { Exchange } from '../../protocol';
import type { CaseOutcome } from './execute';
import type { Plan } from './plan';

/** What a plan came to against the target: its outcome, and its exchanges when it failed (a record needs them). */
export interface SentPlan {
  outcome: CaseOutcome;
  exchanges: Exchange[];
}

/**
 * The outcome of every plan one property run sent, so that a plan is sent once. Most cases fast-check
 * tries while shrinking resolve to a plan already sent (a probe field the plan does not read, a pick
 * that lands on the same route), and each search round starts again with the cases of the rounds
 * before: against a target failing everywhere, more than half of a property's cases were repeats.
 * A target answers the same requests the same way, which is what shrinking assumes already, so the
 * outcome is the same; nothing is decided differently, only nothing is sent twice.
 *
 * Keyed by a digest of the plan's JSON (plans are plain data, built in a fixed order): a plan's text
 * can run to kilobytes, and a run keeps hundreds. Passing plans keep no exchanges.
 */
export class PlanMemo {
  private readonly sent = new Map<string, SentPlan>();

  get(plan: Plan): SentPlan | undefined {
    return this.sent.get(digest(plan));
  }

  set(plan: Plan, outcome: CaseOutcome, exchanges: Exchange[]): void {
    this.sent.set(digest(plan), { outcome, exchanges: outcome.violations.length > 0 ? exchanges : [] });
  }
}

function digest(plan: Plan): string {
  return createHash('sha256').update(JSON.stringify(plan)).digest('base64');
}
