import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LIMITS } from '../../adapter/limits';
import { AUTH, manyRoutes, nestedGroups, request, startAdapter, type RunningAdapter } from './helpers';

type ErrorBody = { error: { kind: string; message: string; pointer?: string } };

describe('adapter limits on manifests (decision 55)', () => {
  let adapter: RunningAdapter;
  before(async () => { adapter = await startAdapter(); });
  after(() => adapter.close());

  const load = (manifest: unknown) => request(adapter.port, 'POST', '/__fw/apps', manifest, AUTH);

  it('groups nested 1,000 deep: 400 kind manifest pointing at the first group past the limit, not a stack overflow', async () => {
    const answer = await load(nestedGroups(1000));
    assert.equal(answer.status, 400, answer.text.slice(0, 300));
    const { error } = answer.json as ErrorBody;
    assert.equal(error.kind, 'manifest');
    assert.equal(error.pointer, `/routeFiles/web/0${'/routes/0'.repeat(LIMITS.groupDepth)}`);
    assert.match(error.message, /groups nest more than 32 deep/);
  });

  it(`groups nested ${LIMITS.groupDepth} deep load, and route`, async () => {
    const answer = await load(nestedGroups(LIMITS.groupDepth));
    assert.equal(answer.status, 201, answer.text);
    const app = (answer.json as { app: string }).app;
    const routed = await request(adapter.port, 'GET', `${'/p'.repeat(LIMITS.groupDepth)}/x`, undefined, { 'x-fw-app': app });
    assert.equal(routed.text, 'x');
  });

  it('any body nested past the JSON depth limit is refused before the schema check, with a pointer', async () => {
    // Written as text: JSON.stringify itself would overflow the stack on such a value.
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const answer = await load(`{"protocol":2,"routeFiles":{"web":[{"method":"GET","uri":"/j","handler":{"closure":"json","value":${deep}}}]}}`);
    assert.equal(answer.status, 400);
    const { error } = answer.json as ErrorBody;
    assert.equal(error.kind, 'manifest');
    // The root, routeFiles, web, the statement and handler are 5 levels; the value's arrays follow.
    assert.equal(error.pointer, `/routeFiles/web/0/handler/value${'/0'.repeat(LIMITS.jsonDepth - 5)}`);
    const url = await request(adapter.port, 'POST', '/__fw/url', `{"app":"a1","name":"n","params":{"p":${deep}}}`, AUTH);
    assert.equal(url.status, 400);
    assert.equal((url.json as ErrorBody).error.kind, 'manifest');
  });

  it(`more than ${LIMITS.routesPerManifest} routes: 400 kind manifest pointing at the statement that crosses the limit`, async () => {
    const answer = await load(manyRoutes(10_000));
    assert.equal(answer.status, 400, answer.text.slice(0, 300));
    const { error } = answer.json as ErrorBody;
    assert.equal(error.kind, 'manifest');
    assert.equal(error.pointer, '/routeFiles/web/1428', 'the 1,429th resource brings the count to 10,003');
    const exactly = await load(manyRoutes(1428, 4));
    assert.equal(exactly.status, 201, exactly.text.slice(0, 300));
    assert.equal((exactly.json as { routes: number }).routes, LIMITS.routesPerManifest);
  });

  it('a route file list naming an inherited member (constructor) is 400 kind manifest, not a boot failure', async () => {
    const answer = await load({ protocol: 2, routeFiles: { web: [] }, bootstrap: ['constructor'] });
    assert.equal(answer.status, 400, answer.text);
    assert.deepEqual((answer.json as ErrorBody).error.pointer, '/bootstrap/0');
  });
});
