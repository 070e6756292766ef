import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AdapterClient, type UrlResult } from '../../src/protocol';
import { executePlan, type RequestObservation } from '../../src/properties/engine/execute';
import type { Plan, UrlCheck } from '../../src/properties/engine/plan';
import { AnswerMemo } from '../../src/properties/engine/planMemo';
import { startJsonAdapter, type JsonReply } from '../protocol/jsonAdapter';

/**
 * Against an adapter that builds the application afresh for every request, a URL is a question like
 * any request: the same route name and parameters (their JSON, key order included) for the same
 * application are asked once per target, by every case and property; other parameters are asked.
 */
describe('generated URLs asked once per application (applications: per-request)', () => {
  let adapter: Awaited<ReturnType<typeof startJsonAdapter>>;
  let url = '';
  const asked: string[] = [];

  before(async () => {
    adapter = await startJsonAdapter((path, raw): JsonReply => {
      if (path === '/__fw/apps') return [201, { app: 'app1', routes: 1 }];
      if (path === '/__fw/url') {
        asked.push(raw);
        const { params } = JSON.parse(raw) as { params: Record<string, unknown> };
        return [200, { url: `/u/${Object.values(params).join('/')}` }];
      }
      return [404, { error: { kind: 'not-found', message: 'no such path' } }];
    });
    url = adapter.url;
  });
  after(() => adapter.close());

  const check = (params: Record<string, string>): UrlCheck => ({
    kind: 'url', name: 'u', params, rule: 'url.fill-segments',
    expect: { segments: ['u', ...Object.values(params)], args: [], query: [] },
    follow: { method: 'GET', expect: { status: 404 } },
  });
  const plan = (...checks: UrlCheck[]): Plan => ({
    manifest: { protocol: 2, routeFiles: { web: [{ method: 'GET', uri: '/u/{a}', handler: { closure: 'text', value: 'x' } }] } },
    checks, extras: [],
  });

  it('asks a URL of an application once, and shows the exchange to every case that relies on it', async () => {
    const address = { url, token: 'url-memo-test' };
    const answers = { requests: AnswerMemo.of<RequestObservation>(address), urls: AnswerMemo.of<UrlResult>(address, 'url') };
    const [one, two] = [1, 2].map(() => new AdapterClient({ ...address, capabilities: ['routing', 'url-generation'], shareApps: true }));
    try {
      await executePlan(plan(check({ a: '1' })), one!, undefined, 'url.fill-segments', answers);
      await executePlan(plan(check({ a: '1' }), check({ a: '2' })), two!, undefined, 'url.fill-segments', answers);
      assert.deepEqual(asked.map((body) => JSON.parse(body).params), [{ a: '1' }, { a: '2' }]);
      const urlsShown = two!.exchanges.filter((e) => e.path === '/__fw/url').map((e) => e.responseBody);
      assert.deepEqual(urlsShown.sort(), ['{"url":"/u/1"}', '{"url":"/u/2"}']);
    } finally {
      await Promise.all([one!.close(), two!.close()]);
    }
  });

  it('keeps the URL questions apart from the requests: one memo of each kind per target', () => {
    const address = { url, token: 'url-memo-kinds' };
    assert.equal(AnswerMemo.of(address, 'url'), AnswerMemo.of({ ...address }, 'url'));
    assert.notEqual(AnswerMemo.of(address, 'url'), AnswerMemo.of(address));
  });
});
