import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AdapterClient, Exchange } from '../../src/protocol';
import { AnswerMemo } from '../../src/properties/engine/planMemo';

/** A client's log, and a send that records its exchange first, as AdapterClient.raw does. */
function fakeClient() {
  const client = { exchanges: [] as Exchange[] };
  let sent = 0;
  const send = (path: string, fail = false) => () => {
    sent += 1;
    const exchange: Exchange = { method: 'GET', path, durationMs: 0, requestHeaders: {} };
    client.exchanges.push(exchange);
    return (async () => {
      await Promise.resolve();
      exchange.status = fail ? undefined : 200;
      if (fail) throw new Error('timed out');
      return `answer ${sent}`;
    })();
  };
  return { client: client as unknown as AdapterClient & { exchanges: Exchange[] }, send, sent: () => sent };
}

describe('AnswerMemo', () => {
  it('sends a request to an application once; a repeat gets the answer and shows the exchange in the log', async () => {
    const { client, send, sent } = fakeClient();
    const memo = new AnswerMemo<string>();
    const [first, again] = await Promise.all([
      memo.answer(client, 'app1', 'GET', '/a', send('/a')),
      memo.answer(client, 'app1', 'GET', '/a', send('/a')),
    ]);
    assert.equal(first, 'answer 1');
    assert.equal(again, 'answer 1');
    assert.equal(sent(), 1);
    assert.equal(client.exchanges.length, 2, 'the repeat shows the exchange it relies on');
    assert.equal(client.exchanges[0], client.exchanges[1]);
  });

  it('tells applications, methods and paths apart', async () => {
    const { client, send, sent } = fakeClient();
    const memo = new AnswerMemo<string>();
    await memo.answer(client, 'app1', 'GET', '/a', send('/a'));
    await memo.answer(client, 'app2', 'GET', '/a', send('/a'));
    await memo.answer(client, 'app1', 'POST', '/a', send('/a'));
    await memo.answer(client, 'app1', 'GET', '/b', send('/b'));
    assert.equal(sent(), 4);
  });

  it('keeps no failure: the next time, the request is sent again', async () => {
    const { client, send, sent } = fakeClient();
    const memo = new AnswerMemo<string>();
    await assert.rejects(memo.answer(client, 'app1', 'GET', '/a', send('/a', true)), /timed out/);
    assert.equal(await memo.answer(client, 'app1', 'GET', '/a', send('/a')), 'answer 2');
    assert.equal(sent(), 2);
  });
});
