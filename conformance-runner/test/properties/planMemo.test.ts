import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { AdapterClient, AppRequest, AppResponse, Exchange, Manifest } from '../../src/protocol';
import { runProperty, type PropertyDefinition } from '../../src/properties';
import type { Plan } from '../../src/properties/engine/plan';

/**
 * A target that answers `ok` on /a and `no` on /b, counting what it is sent, as the engine sees it
 * (an AdapterClient's methods, no HTTP).
 */
function stubTarget(): { client: AdapterClient; sent: { loads: number; requests: number } } {
  const sent = { loads: 0, requests: 0 };
  const exchanges: Exchange[] = [];
  const record = (method: string, path: string, status: number, body?: string): void => {
    exchanges.push({ method, path, requestHeaders: {}, status, responseBody: body, durationMs: 0 });
  };
  const client = {
    exchanges,
    address: { url: 'http://127.0.0.1:9', token: 't' },
    resetLog: () => { exchanges.length = 0; },
    loadApp: async (_manifest: Manifest) => { sent.loads++; record('POST', '/__fw/apps', 201); return { ok: true as const, app: 'app' }; },
    deleteApp: async () => { record('DELETE', '/__fw/apps/app', 204); },
    send: async (_app: string, req: AppRequest): Promise<AppResponse> => {
      sent.requests++;
      const body = req.path === '/a' ? 'ok' : 'no';
      record(req.method, req.path, 200, body);
      return { status: 200, headers: {}, body, trace: [], traced: false };
    },
  };
  return { client: client as unknown as AdapterClient, sent };
}

/** One route, /a or /b, and noise its plan never reads: shrinking the noise gives the same plan again. */
const ROUTE_OR_NOISE: PropertyDefinition<{ route: 'a' | 'b'; noise: number[] }> = {
  name: 'route-or-noise',
  title: 'each route answers its own text',
  rules: ['dispatch.regex-match'],
  capabilities: [],
  arbitrary: () => fc.record({ route: fc.constantFrom<'a' | 'b'>('a', 'b'), noise: fc.array(fc.nat(1000), { minLength: 5, maxLength: 10 }) }),
  plan: ({ route }): Plan => ({
    manifest: { protocol: 2, routeFiles: { web: [{ method: 'GET', uri: `/${route}`, handler: { closure: 'text', value: 'ok' } }] } },
    checks: [{ kind: 'request', method: 'GET', path: `/${route}`, expect: { status: 200, body: { kind: 'text', value: 'ok' }, route: `GET /${route}` }, rule: 'dispatch.regex-match' }],
    extras: [],
  }),
};

test('a plan is sent once per property run: shrinking and later rounds reuse its outcome', async () => {
  const { client, sent } = stubTarget();
  const result = await runProperty(ROUTE_OR_NOISE, { client, seed: 7, numRuns: 30 });
  assert.equal(result.info.result, 'failed');
  const [failure] = result.info.failures!;
  assert.equal(failure!.signature, 'dispatch.regex-match:wrong-body');
  assert.ok(failure!.shrinks > 0, 'the noise was shrunk, each time to the same plan');
  assert.deepEqual((failure!.counterexample.input as { noise: number[] }).noise, [0, 0, 0, 0, 0], 'shrunk as far as it goes');
  // Two plans exist (/a and /b): each is loaded and requested once, however many cases asked.
  assert.equal(sent.loads, 2);
  assert.equal(sent.requests, 2);
  assert.ok(result.info.runs > 2, `${result.info.runs} cases run`);
  // The failing plan's own exchanges are the reproduction.
  assert.deepEqual(result.repro!.exchanges.map((e) => `${e.method} ${e.path}`), ['POST /__fw/apps', 'GET /b', 'DELETE /__fw/apps/app']);
});
