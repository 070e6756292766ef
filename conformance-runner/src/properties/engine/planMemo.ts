import { createHash } from 'node:crypto';
import type { AdapterClient, Exchange } from '../../protocol';
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

/**
 * The answers of a target's applications, by application and request, for an adapter that builds
 * the application afresh for every request (`applications: per-request`): there the same request
 * to the same application (the same manifest: applications are shared by manifest, per target and
 * process, protocol/sharedApps.ts) cannot be told from one sent before, and the answer is the same
 * one, which shrinking assumes anyway. Plans of different cases often send some of the same
 * requests (a route table that shrinks keeps most of its routes), and so do different properties
 * (a group table without groups is a route table; resource tables and route names build the same
 * resources): each is sent once per target. A request that failed (a timeout, an adapter error)
 * is not kept.
 */
export class AnswerMemo<T> {
  private static readonly targets = new Map<string, AnswerMemo<unknown>>();
  private readonly answers = new Map<string, Promise<{ answer: T; exchange: Exchange | undefined }>>();

  /**
   * The memo of the target at `address`, shared by every property this process checks against it;
   * one per `kind` of question (application requests, generated URLs), whose answers differ in type.
   */
  static of<T>(address: { url: string; token: string }, kind: 'request' | 'url' = 'request'): AnswerMemo<T> {
    const key = `${address.url}\u0000${address.token}\u0000${kind}`;
    let memo = AnswerMemo.targets.get(key);
    if (memo === undefined) {
      memo = new AnswerMemo<unknown>();
      AnswerMemo.targets.set(key, memo);
    }
    return memo as AnswerMemo<T>;
  }

  /**
   * `send`'s answer for this request, sent now or earlier; the client's log shows its exchange either
   * way. `method` and `path` are what tells the application's requests apart (for a URL: the route's
   * name and its parameters' JSON).
   */
  async answer(client: AdapterClient, app: string, method: string, path: string, send: () => Promise<Answered<T>>): Promise<T> {
    const key = `${app}\u0000${method}\u0000${path}`;
    const known = this.answers.get(key);
    if (known !== undefined) {
      const { answer, exchange } = await known;
      // The reproduction of a failing case shows the exchange it relies on, as if it had made it.
      if (exchange !== undefined) client.exchanges.push(exchange);
      return answer;
    }
    const entry = send();
    this.answers.set(key, entry);
    entry.catch(() => this.answers.delete(key));
    return (await entry).answer;
  }
}

/** An answer and the exchange that brought it (in the log of the client that sent it). */
export interface Answered<T> {
  answer: T;
  exchange: Exchange | undefined;
}

/** `send` as AnswerMemo.answer() takes it, for a request the client records before its first await (AdapterClient.raw). */
export function recorded<T>(client: AdapterClient, send: () => Promise<T>): () => Promise<Answered<T>> {
  return () => {
    const mark = client.exchanges.length;
    const sending = send();
    const exchange = client.exchanges[mark];
    return sending.then((answer) => ({ answer, exchange }));
  };
}
