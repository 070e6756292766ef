import type { Exchange } from './AdapterClient';

/** A URL question's answer, as POST /__fw/url gives it: the URL, or the framework's error message. */
export type UrlResult = { ok: true; url: string } | { ok: false; message: string };

/** An answer and the exchange that brought it (a reproduction shows it). */
export interface UrlAnswer {
  result: UrlResult;
  exchange: Exchange | undefined;
}

export interface UrlQuestion {
  name: string;
  params: Record<string, unknown>;
}

/** The most questions one POST /__fw/urls carries (url-batch-request.schema.json). */
export const MAX_BATCH = 64;

/**
 * What became of a batch:
 * - the answers, in the questions' order, each checked against the place of its question;
 * - `failed`: the call failed as a whole (an error answer, a body that is not a url-batch-result
 *   with one answer per question): the framework may have died on one question;
 * - `unnamed`: the answers name no question (an adapter of before the `question` member), so
 *   nothing shows that they are in order.
 * A batch answered out of order (an AdapterError) or not at all (a RequestTimeoutError) rejects.
 */
export type BatchAnswers = UrlResult[] | 'failed' | 'unnamed';

/** How a batch is sent. */
export type AskBatch = (app: string, questions: readonly UrlQuestion[]) => { sent: Promise<BatchAnswers>; exchange: Exchange | undefined };

/**
 * The URL questions asked of one application at the same time (a property case asks several
 * concurrently), sent as one POST /__fw/urls for an adapter that declares `urlBatches` (protocol
 * §2.4.1): for a per-request adapter, one framework boot instead of one per question. The questions
 * asked in one turn of the event loop go together; a question asked alone goes alone, through
 * POST /__fw/url.
 *
 * Every answer used is checked against its question: each names the place of the question it
 * answers, and one in another place is the adapter's error, given to every asker of the batch
 * (issue 38: an adapter that reversed batches of four or more passed the adapter check, which
 * sends three, and then failed a correct framework's url.* rules). A batch that failed as a whole
 * is not an outcome: its questions are asked again alone, so batching can only save requests,
 * never change an answer; after a batch whose answers name no question, every question goes
 * alone. A batch that is not answered in time times out like any other call: asked again alone,
 * each question would wait out the timeout once more.
 */
export class UrlBatches {
  private waiting = new Map<string, Waiting[]>();
  private scheduled = false;
  /** Set once a batch came back with answers that name no question: they cannot be checked. */
  private unnamed = false;

  constructor(private readonly askAlone: (app: string, question: UrlQuestion) => Promise<UrlAnswer>, private readonly askBatch: AskBatch) {}

  ask(app: string, question: UrlQuestion): Promise<UrlAnswer> {
    if (this.unnamed) return this.askAlone(app, question);
    return new Promise<UrlAnswer>((resolve, reject) => {
      const waiting: Waiting = { question, settle: (answer) => answer.then(resolve, reject) };
      const list = this.waiting.get(app);
      if (list === undefined) this.waiting.set(app, [waiting]);
      else list.push(waiting);
      if (!this.scheduled) {
        this.scheduled = true;
        // After every question the current turn asks (a case's checks start together).
        setImmediate(() => this.send());
      }
    });
  }

  private send(): void {
    const waiting = this.waiting;
    this.waiting = new Map();
    this.scheduled = false;
    for (const [app, questions] of waiting) {
      for (let i = 0; i < questions.length; i += MAX_BATCH) {
        const chunk = questions.slice(i, i + MAX_BATCH);
        if (chunk.length === 1) {
          chunk[0]!.settle(this.askAlone(app, chunk[0]!.question));
          continue;
        }
        const { sent, exchange } = this.askBatch(app, chunk.map((w) => w.question));
        const answers = sent.then((all) => {
          if (all === 'unnamed') this.unnamed = true;
          return all;
        });
        chunk.forEach((w, n) => w.settle(answers.then((all) => (typeof all === 'string' ? this.askAlone(app, w.question) : { result: all[n]!, exchange }))));
      }
    }
  }
}

/** A question waiting for the others of its turn, and how its asker gets the answer. */
interface Waiting {
  question: UrlQuestion;
  settle(answer: Promise<UrlAnswer>): void;
}
