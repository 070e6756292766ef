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
 * How a batch is sent: the answers in the questions' order, or undefined when the call failed as a
 * whole (an error answer, a timeout, a body that is not a url-batch-result with one answer each).
 */
export type AskBatch = (app: string, questions: readonly UrlQuestion[]) => { sent: Promise<UrlResult[] | undefined>; exchange: Exchange | undefined };

/**
 * The URL questions asked of one application at the same time (a property case asks several
 * concurrently), sent as one POST /__fw/urls for an adapter that declares `urlBatches` (protocol
 * §2.4.1): for a per-request adapter, one framework boot instead of one per question. The questions
 * asked in one turn of the event loop go together; a question asked alone goes alone, through
 * POST /__fw/url. A batch that fails as a whole is not an outcome: its questions are asked again
 * alone, so batching can only save requests, never change an answer.
 */
export class UrlBatches {
  private waiting = new Map<string, Waiting[]>();
  private scheduled = false;

  constructor(private readonly askAlone: (app: string, question: UrlQuestion) => Promise<UrlAnswer>, private readonly askBatch: AskBatch) {}

  ask(app: string, question: UrlQuestion): Promise<UrlAnswer> {
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
        const answers = sent.catch(() => undefined);
        chunk.forEach((w, n) => w.settle(answers.then((all) => (all === undefined ? this.askAlone(app, w.question) : { result: all[n]!, exchange }))));
      }
    }
  }
}

/** A question waiting for the others of its turn, and how its asker gets the answer. */
interface Waiting {
  question: UrlQuestion;
  settle(answer: Promise<UrlAnswer>): void;
}
