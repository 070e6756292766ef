import type { AdapterClient, Exchange } from '../../protocol';

/**
 * The answers of one property run, by application and request, for an adapter that builds the
 * application afresh for every request (`applications: per-request`): there the same request to
 * the same application (the same manifest: applications are shared by manifest) cannot be told
 * from one sent before, and the answer is the same one, which shrinking assumes anyway. Plans of
 * different cases often send some of the same requests (a route table that shrinks keeps most of
 * its routes); each is sent once. A request that failed (a timeout, an adapter error) is not kept.
 */
export class AnswerMemo<T> {
  private readonly answers = new Map<string, Promise<{ answer: T; exchange: Exchange | undefined }>>();

  /** `send`'s answer for this request, sent now or earlier; the client's log shows its exchange either way. */
  async answer(client: AdapterClient, app: string, method: string, path: string, send: () => Promise<T>): Promise<T> {
    const key = `${app}\u0000${method}\u0000${path}`;
    const known = this.answers.get(key);
    if (known !== undefined) {
      const { answer, exchange } = await known;
      // The reproduction of a failing case shows the exchange it relies on, as if it had made it.
      if (exchange !== undefined) client.exchanges.push(exchange);
      return answer;
    }
    // send() records its exchange before its first await (AdapterClient.raw).
    const mark = client.exchanges.length;
    const sending = send();
    const exchange = client.exchanges[mark];
    const entry = sending.then((answer) => ({ answer, exchange }));
    this.answers.set(key, entry);
    entry.catch(() => this.answers.delete(key));
    return sending;
  }
}
