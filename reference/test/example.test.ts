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
