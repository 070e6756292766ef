import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AdapterClient, Exchange } from '../../src/protocol';
import { AnswerMemo, recorded } from '../../src/properties/engine/planMemo';

/** A client's log, and a send that records its exchange first, as AdapterClient.raw does. */
function fakeClient() {
  const client = { exchanges: [] as Exchange[] };
  let sent = 0;
  const sendRaw = (path: string, fail = false) => () => {
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
  const asClient = client as unknown as AdapterClient & { exchanges: Exchange[] };
  const send = (path: string, fail = false) => recorded(asClient, sendRaw(path, fail));
  return { client: asClient, send, sent: () => sent };
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

  it('is one memo per target (address and token), which every property checked against it shares', async () => {
    const address = { url: 'http://127.0.0.1:1', token: 'answer-memo-test' };
    assert.equal(AnswerMemo.of(address), AnswerMemo.of({ ...address }));
    assert.notEqual(AnswerMemo.of(address), AnswerMemo.of({ ...address, token: 'other' }));
    assert.notEqual(AnswerMemo.of(address), AnswerMemo.of({ ...address, url: 'http://127.0.0.1:2' }));
    // Two properties, each with its own client: the second one's request is the first one's answer.
    const one = fakeClient();
    const two = fakeClient();
    assert.equal(await AnswerMemo.of<string>(address).answer(one.client, 'app1', 'GET', '/a', one.send('/a')), 'answer 1');
    assert.equal(await AnswerMemo.of<string>({ ...address }).answer(two.client, 'app1', 'GET', '/a', two.send('/a')), 'answer 1');
    assert.equal(two.sent(), 0);
    assert.equal(two.client.exchanges[0], one.client.exchanges[0], "the second property's log shows the exchange it relies on");
  });
});
