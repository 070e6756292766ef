import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createApplication } from '../example/bootstrap/app';
import { API_TOKEN } from '../example/app/Http/Middleware/Authenticate';
import { silentLogger } from '../src/foundation/Logger';
import { formBody, jsonBody, send } from './helpers';

describe('example application', () => {
  const app = createApplication({ logger: silentLogger });

  it('boots: routes/web by default, routes/api from the provider', () => {
    app.boot();
    const names = app.router.routes.all().map((r) => r.getName()).filter(Boolean);
    assert.ok(names.includes('home') && names.includes('photos.destroy') && names.includes('api.ping'));
  });

  it('renders the welcome view with generated URLs', async () => {
    const home = await send(app, 'GET', '/');
    assert.equal(home.status, 200);
    assert.match(home.text, /href="\/hello\/Ada%20Lovelace\?lang=en"/);
  });

  it('escapes user input in text/html answers', async () => {
    assert.equal((await send(app, 'GET', '/hello/%3Cb%3E')).text, 'Hello, &lt;b&gt;!');
  });

  it('runs the photo resource', async () => {
    const created = await send(app, 'POST', '/photos', jsonBody({ title: 'T', url: 'u' }));
    assert.equal(created.status, 201);
    const id = (created.json as { data: { id: number } }).data.id;
    assert.deepEqual((await send(app, 'GET', `/photos/${id}`)).json, { id, title: 'T', url: 'u' });
    assert.equal((await send(app, 'GET', '/photos/create')).status, 200);
    assert.equal((await send(app, 'PUT', `/photos/${id}`, jsonBody({ title: 'T2', url: 'u2' }))).status, 200);
    assert.equal((await send(app, 'DELETE', `/photos/${id}`)).status, 204);
    assert.equal((await send(app, 'GET', `/photos/${id}`)).status, 404);
    assert.equal((await send(app, 'POST', '/photos', formBody('title='))).status, 422);
  });

  it('validates users with a FormRequest', async () => {
    assert.equal((await send(app, 'POST', '/users', jsonBody({ name: 'A', email: 'a@b.co', age: 10 }))).status, 422);
    assert.equal((await send(app, 'POST', '/users', jsonBody({ name: 'A', email: 'a@b.co' }))).status, 201);
  });

  it('guards the admin group with middleware', async () => {
    assert.equal((await send(app, 'GET', '/admin/dashboard')).status, 401);
    const ok = await send(app, 'GET', '/admin/dashboard', { headers: { authorization: `Bearer ${API_TOKEN}` } });
    assert.deepEqual(ok.json, { user: { name: 'admin' }, route: 'admin.dashboard' });
  });

  it('serves the api group with its middleware', async () => {
    const ping = await send(app, 'GET', '/api/ping');
    assert.deepEqual(ping.json, { pong: true });
    assert.match(String(ping.headers['x-response-time']), /ms$/);
  });
});

describe('example application on hostile input', () => {
  const app = createApplication({ logger: silentLogger });
  const raw = (text: string) => ({ body: text, headers: { 'content-type': 'application/json' } });

  it('answers 422, never 500, for objects with toString/valueOf where strings or integers are expected', async () => {
    const cases: Array<[string, string, string]> = [
      ['POST', '/photos', '{"title":{"toString":1},"url":"x"}'],
      ['POST', '/photos', '{"title":"t","url":{"toString":1,"valueOf":1}}'],
      ['PUT', '/photos/1', '{"title":{"toString":1},"url":"x"}'],
      ['POST', '/users', '{"name":{"toString":1},"email":"a@b.co"}'],
      ['POST', '/users', '{"name":"A","email":"a@b.co","age":{"toString":1}}'],
      ['POST', '/users', '{"name":"A","email":"a@b.co","age":{"valueOf":1,"toString":1}}'],
      ['POST', '/users', '{"name":["x",{"toString":1}],"email":"a@b.co"}'],
      ['POST', '/users', '{"name":"A","email":"a@b.co","age":"99999999999999999999999"}'],
      ['POST', '/users', `{"name":"A","email":"a@b.co","age":${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
      ['POST', '/photos', `{"title":"t","url":"u","caption":${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
    ];
    for (const [method, url, body] of cases) {
      const answer = await send(app, method, url, raw(body));
      assert.equal(answer.status, 422, `${method} ${url} ${body.slice(0, 60)} → ${answer.status} ${answer.text.slice(0, 200)}`);
    }
  });

  it('a deep caption is refused before it is stored, so the photo list stays servable', async () => {
    await send(app, 'POST', '/photos', raw(`{"title":"t","url":"u","caption":${'['.repeat(10_000)}${']'.repeat(10_000)}}`));
    assert.equal((await send(app, 'GET', '/photos')).status, 200);
  });

  it('answers a long near-miss email quickly (no quadratic regex)', async () => {
    const started = performance.now();
    const answer = await send(app, 'POST', '/users', raw(JSON.stringify({ name: 'A', email: `a@${'.'.repeat(500_000)} ` })));
    assert.equal(answer.status, 422);
    assert.ok(performance.now() - started < 500, `${(performance.now() - started).toFixed(0)} ms`);
  });
});
