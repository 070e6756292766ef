import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AUTH, request, startAdapter, type RunningAdapter } from './helpers';

type ErrorBody = { error: { kind: string; message: string; pointer?: string } };

/** POST /__fw/urls (info urlBatches, protocol §2.4.1): each answer is POST /__fw/url's for that question alone. */
describe('the reference adapter answers several URL questions in one call', () => {
  let adapter: RunningAdapter;
  let app = '';
  before(async () => {
    adapter = await startAdapter();
    const loaded = await request(adapter.port, 'POST', '/__fw/apps', {
      protocol: 2,
      routeFiles: { web: [{ method: 'GET', uri: '/users/{id}', handler: { closure: 'text', value: 'u' }, chain: [{ name: 'users.show' }] }] },
    }, AUTH);
    assert.equal(loaded.status, 201, loaded.text);
    app = (loaded.json as { app: string }).app;
  });
  after(() => adapter.close());

  const questions = () => [
    { name: 'users.show', params: { id: 7, sort: 'asc' } },
    { name: 'nope', params: {} },
    { name: 'users.show', params: {} },
  ];

  it('declares urlBatches in its info', async () => {
    assert.equal(((await request(adapter.port, 'GET', '/__fw/info', undefined, AUTH)).json as { urlBatches?: boolean }).urlBatches, true);
  });

  it('answers each question, in order, as POST /__fw/url answers it alone, each answer naming its question', async () => {
    const batch = await request(adapter.port, 'POST', '/__fw/urls', { app, questions: questions() }, AUTH);
    assert.equal(batch.status, 200, batch.text);
    const alone = await Promise.all(questions().map(async (q, i) => {
      const answer = await request(adapter.port, 'POST', '/__fw/url', { app, ...q }, AUTH);
      return { question: i, ...(answer.status === 200 ? answer.json as object : { error: { kind: 'url', message: (answer.json as ErrorBody).error.message } }) };
    }));
    assert.deepEqual((batch.json as { answers: unknown[] }).answers, alone);
    assert.deepEqual(alone[0], { question: 0, url: '/users/7?sort=asc' });
    assert.ok('error' in (alone[1] as object) && 'error' in (alone[2] as object), 'an unknown name and a missing parameter are errors');
  });

  it('an unknown application is 404 kind app; a body that is not a url-batch-request is 400 kind manifest with a pointer', async () => {
    const unknown = await request(adapter.port, 'POST', '/__fw/urls', { app: 'nope', questions: questions() }, AUTH);
    assert.equal(unknown.status, 404);
    assert.equal((unknown.json as ErrorBody).error.kind, 'app');
    for (const [body, pointer] of [
      [{ app, questions: [] }, '/questions'],
      [{ app, questions: Array.from({ length: 65 }, () => questions()[0]) }, '/questions'],
      [{ app, questions: [{ name: 'users.show', params: [] }] }, '/questions/0/params'],
      [{ app, questions: questions(), extra: 1 }, ''],
    ] as const) {
      const answer = await request(adapter.port, 'POST', '/__fw/urls', body, AUTH);
      assert.equal(answer.status, 400, answer.text);
      assert.deepEqual([(answer.json as ErrorBody).error.kind, (answer.json as ErrorBody).error.pointer], ['manifest', pointer]);
    }
  });
});
