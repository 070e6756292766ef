import * as assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { AdapterClient, type UrlResult } from '../../src/protocol';
import { executePlan, type RequestObservation } from '../../src/properties/engine/execute';
import type { Plan, UrlCheck } from '../../src/properties/engine/plan';
import { AnswerMemo } from '../../src/properties/engine/planMemo';
import { startJsonAdapter, type JsonReply } from './jsonAdapter';

/**
 * An adapter that declares urlBatches (protocol §2.4.1) gets the URL questions asked of one
 * application at the same time in one POST /__fw/urls, and each asker its own answer; a batch that
 * fails as a whole is asked again question by question, so the answers never depend on batching.
 */
describe('URL questions asked together (info urlBatches)', () => {
  let adapter: Awaited<ReturnType<typeof startJsonAdapter>>;
  let url = '';
  /** Each control call the adapter got: its path and body. */
  let calls: Array<{ path: string; body: any }> = [];
  /** How the adapter answers POST /__fw/urls. */
  let batchMode: 'answer' | 'fail' | 'short' | 'reversed' | 'unnamed' | 'hang' = 'answer';

  /** The fake framework: route `u` fills its parameters in; any other name is unknown. */
  const generate = (name: string, params: Record<string, unknown>) =>
    (name === 'u' ? { url: `/u/${Object.values(params).join('/')}` } : { error: { kind: 'url', message: `Route [${name}] not defined.` } });

  before(async () => {
    adapter = await startJsonAdapter((path, raw): JsonReply => {
      const body = raw === '' ? undefined : JSON.parse(raw);
      if (path.startsWith('/__fw/')) calls.push({ path, body });
      if (path === '/__fw/apps') return [201, { app: 'app1', routes: 1 }];
      if (path === '/__fw/url') {
        const answer = generate(body.name, body.params);
        return ['url' in answer ? 200 : 422, answer];
      }
      if (path === '/__fw/urls') {
        if (batchMode === 'fail') return [500, { error: { kind: 'internal', message: 'the framework died' } }];
        if (batchMode === 'hang') return 'never';
        const answers = body.questions.map((q: { name: string; params: Record<string, unknown> }, question: number) =>
          (batchMode === 'unnamed' ? generate(q.name, q.params) : { question, ...generate(q.name, q.params) }));
        return [200, { answers: batchMode === 'short' ? answers.slice(1) : batchMode === 'reversed' ? answers.reverse() : answers }];
      }
      return [404, { error: { kind: 'not-found', message: 'no such path' } }];
    });
    url = adapter.url;
  });
  after(() => adapter.close());
  beforeEach(() => {
    calls = [];
    batchMode = 'answer';
  });

  const client = (urlBatches = true, requestTimeoutMs?: number) => new AdapterClient({ url, token: 't', capabilities: ['routing', 'url-generation'], urlBatches, requestTimeoutMs });
  const expected: UrlResult[] = [
    { ok: true, url: '/u/1' },
    { ok: false, message: 'Route [nope] not defined.' },
    { ok: true, url: '/u/2/x' },
  ];
  const askAll = (c: AdapterClient, app = 'app1') => Promise.all([c.url(app, 'u', { a: 1 }), c.url(app, 'nope', {}), c.url(app, 'u', { a: 2, b: 'x' })]);

  it('sends the questions asked together as one call, in order, and gives each asker its answer', async () => {
    const c = client();
    try {
      assert.deepEqual(await askAll(c), expected);
      assert.deepEqual(calls, [{ path: '/__fw/urls', body: { app: 'app1', questions: [{ name: 'u', params: { a: 1 } }, { name: 'nope', params: {} }, { name: 'u', params: { a: 2, b: 'x' } }] } }]);
      assert.deepEqual(c.exchanges.map((e) => e.path), ['/__fw/urls'], 'one exchange, shown once');
    } finally {
      await c.close();
    }
  });

  it('asks a question asked alone through POST /__fw/url, and each application in its own call', async () => {
    const c = client();
    try {
      assert.deepEqual(await c.url('app1', 'u', { a: 1 }), expected[0]);
      assert.deepEqual(await Promise.all([c.url('app1', 'u', { a: 1 }), c.url('app2', 'u', { a: 3 }), c.url('app2', 'u', { a: 4 })]),
        [{ ok: true, url: '/u/1' }, { ok: true, url: '/u/3' }, { ok: true, url: '/u/4' }]);
      assert.deepEqual(calls.map((call) => `${call.path} ${call.body.app}`), ['/__fw/url app1', '/__fw/url app1', '/__fw/urls app2']);
    } finally {
      await c.close();
    }
  });

  for (const mode of ['fail', 'short'] as const) {
    it(`asks each question again alone when the batch ${mode === 'fail' ? 'fails (500)' : 'answers with one answer too few'}: the same answers`, async () => {
      batchMode = mode;
      const c = client();
      try {
        assert.deepEqual(await askAll(c), expected);
        assert.deepEqual(calls.map((call) => call.path), ['/__fw/urls', '/__fw/url', '/__fw/url', '/__fw/url']);
      } finally {
        await c.close();
      }
    });
  }

  it('a batch answered out of order is the adapter\'s error, for every question of it: never a wrong URL (issue 38)', async () => {
    batchMode = 'reversed';
    const c = client();
    try {
      const settled = await Promise.allSettled([c.url('app1', 'u', { a: 1 }), c.url('app1', 'nope', {}), c.url('app1', 'u', { a: 2, b: 'x' })]);
      for (const s of settled) {
        assert.equal(s.status, 'rejected');
        const err = (s as PromiseRejectedResult).reason as Error;
        assert.equal(err.name, 'AdapterError');
        assert.match(err.message, /^POST \/__fw\/urls: the answer in place 0 names question 2 \(u \{"a":2,"b":"x"\}\), where u \{"a":1\} was asked: each answer must answer the question in its place and name it \("question": 0\), protocol §2\.4\.1/);
      }
    } finally {
      await c.close();
    }
  });

  it('answers that name no question cannot be checked: the batch is asked again alone, and every later question alone', async () => {
    batchMode = 'unnamed';
    const c = client();
    try {
      assert.deepEqual(await askAll(c), expected);
      assert.deepEqual(await askAll(c), expected);
      assert.deepEqual(calls.map((call) => call.path), ['/__fw/urls', '/__fw/url', '/__fw/url', '/__fw/url', '/__fw/url', '/__fw/url', '/__fw/url']);
    } finally {
      await c.close();
    }
  });

  it('a batch not answered in time times out for every question of it, without asking each again (issue 38)', async () => {
    batchMode = 'hang';
    const c = client(true, 300);
    try {
      const started = performance.now();
      const settled = await Promise.allSettled([c.url('app1', 'u', { a: 1 }), c.url('app1', 'nope', {}), c.url('app1', 'u', { a: 2, b: 'x' })]);
      assert.deepEqual(settled.map((s) => s.status === 'rejected' && (s.reason as Error).name), ['RequestTimeoutError', 'RequestTimeoutError', 'RequestTimeoutError']);
      assert.match(((settled[0] as PromiseRejectedResult).reason as Error).message, /^POST \/__fw\/urls did not answer within 300 ms/);
      assert.deepEqual(calls.map((call) => call.path), ['/__fw/urls']);
      assert.ok(performance.now() - started < 1500);
    } finally {
      await c.close();
    }
  });

  it('sends at most 64 questions in a call', async () => {
    const c = client();
    try {
      const answers = await Promise.all(Array.from({ length: 70 }, (_, i) => c.url('app1', 'u', { a: i })));
      assert.deepEqual(answers.map((a) => (a.ok ? a.url : a.message)), Array.from({ length: 70 }, (_, i) => `/u/${i}`));
      assert.deepEqual(calls.map((call) => `${call.path} ${call.body.questions?.length ?? 1}`), ['/__fw/urls 64', '/__fw/urls 6']);
    } finally {
      await c.close();
    }
  });

  it('asks every question alone when the adapter does not declare urlBatches', async () => {
    const c = client(false);
    try {
      assert.deepEqual(await askAll(c), expected);
      assert.deepEqual(calls.map((call) => call.path), ['/__fw/url', '/__fw/url', '/__fw/url']);
    } finally {
      await c.close();
    }
  });

  it('a property case asks its URLs in one call; a later case that relies on one shows that call', async () => {
    const address = { url, token: 'url-batches-memo' };
    const answers = { requests: AnswerMemo.of<RequestObservation>(address), urls: AnswerMemo.of<UrlResult>(address, 'url') };
    const check = (params: Record<string, string>): UrlCheck => ({
      kind: 'url', name: 'u', params, rule: 'url.fill-segments', expect: { segments: ['u', ...Object.values(params)], args: [], query: [] },
      follow: { method: 'GET', expect: { status: 404 } },
    });
    const plan = (...checks: UrlCheck[]): Plan => ({
      manifest: { protocol: 2, routeFiles: { web: [{ method: 'GET', uri: '/u/{a}', handler: { closure: 'text', value: 'x' } }] } }, checks, extras: [],
    });
    const [one, two] = [1, 2].map(() => new AdapterClient({ ...address, capabilities: ['routing', 'url-generation'], shareApps: true, urlBatches: true }));
    try {
      const first = await executePlan(plan(check({ a: '1' }), check({ a: '2' })), one!, undefined, 'url.fill-segments', answers);
      const second = await executePlan(plan(check({ a: '2' })), two!, undefined, 'url.fill-segments', answers);
      assert.deepEqual([first.violations, second.violations], [[], []]);
      assert.deepEqual(calls.filter((call) => call.path !== '/__fw/apps').map((call) => call.path), ['/__fw/urls']);
      const shown = two!.exchanges.filter((e) => e.path.startsWith('/__fw/url'));
      assert.deepEqual(shown.map((e) => e.path), ['/__fw/urls'], 'the case that relies on the batch shows it');
    } finally {
      await Promise.all([one!.close(), two!.close()]);
    }
  });
});
