import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JsonResponse } from '../../src/http/JsonResponse';
import { RedirectResponse } from '../../src/http/RedirectResponse';
import { ResponseFactory } from '../../src/http/ResponseFactory';
import { ViewRegistry } from '../../src/http/ViewRegistry';
import { Router } from '../../src/routing/Router';
import { UrlGenerator } from '../../src/routing/UrlGenerator';

function factory(): ResponseFactory {
  const router = new Router();
  router.get('/users/{id}', () => 1).name('users.show');
  const views = new ViewRegistry().register('hello', (d) => `<p>Hello ${String(d['name'])}</p>`);
  return new ResponseFactory(views, new UrlGenerator(router.routes));
}

describe('ResponseFactory', () => {
  const f = factory();

  it('json(data, status=200, headers={})', () => {
    const r = f.json({ a: 1 });
    assert.ok(r instanceof JsonResponse);
    assert.deepEqual([r.status, r.text()], [200, '{"a":1}']);
    assert.equal(f.json().text(), '[]');
    assert.equal(f.json([1], 202, { 'X-Y': 'z' }).headers.get('x-y'), 'z');
  });

  it('text(content, status=200, headers={}) is text/plain', () => {
    const r = f.text('hi', 203);
    assert.deepEqual([r.status, r.text(), r.headers.get('content-type')], [203, 'hi', 'text/plain; charset=UTF-8']);
  });

  it('noContent(status=204, headers={}) has no body and no media type', () => {
    const r = f.noContent();
    assert.deepEqual([r.status, r.text(), r.headers.has('content-type')], [204, '', false]);
    assert.equal(f.noContent(205, { 'X-A': '1' }).headers.get('x-a'), '1');
  });

  it('view(name, data={}, status=200, headers={}) renders from the registry', () => {
    const r = f.view('hello', { name: 'Ada' }, 201);
    assert.deepEqual([r.status, r.text(), r.headers.get('content-type')], [201, '<p>Hello Ada</p>', 'text/html; charset=UTF-8']);
    assert.throws(() => f.view('missing'), /View \[missing\] not found/);
  });

  it('redirect(url, status=302, headers={}) and redirectRoute(name, params={}, status=302)', () => {
    const r = f.redirect('/elsewhere');
    assert.ok(r instanceof RedirectResponse);
    assert.deepEqual([r.status, r.headers.get('location')], [302, '/elsewhere']);
    const n = f.redirectRoute('users.show', { id: 5, tab: 'a' }, 301);
    assert.deepEqual([n.status, n.headers.get('location')], [301, '/users/5?tab=a']);
    assert.throws(() => f.redirectRoute('nope'), /Route \[nope\] not defined/);
  });

  it('success(data=null, message="OK", status=200)', () => {
    assert.deepEqual(f.success().json(), { success: true, message: 'OK', data: null });
    const r = f.success({ id: 1 }, 'Done', 202);
    assert.equal(r.status, 202);
    assert.deepEqual(r.json(), { success: true, message: 'Done', data: { id: 1 } });
  });

  it('created(data=null, message="Created") is 201', () => {
    const r = f.created({ id: 2 });
    assert.equal(r.status, 201);
    assert.deepEqual(r.json(), { success: true, message: 'Created', data: { id: 2 } });
  });

  it('error(message="Error", status=400, errors=null): errors key only when given', () => {
    const plain = f.error();
    assert.equal(plain.status, 400);
    assert.equal(plain.text(), '{"success":false,"message":"Error"}');
    const detailed = f.error('Conflict', 409, { id: ['taken'] });
    assert.equal(detailed.status, 409);
    assert.deepEqual(detailed.json(), { success: false, message: 'Conflict', errors: { id: ['taken'] } });
  });

  it('validationError(errors, message) is 422', () => {
    const r = f.validationError({ name: ['The name field is required.'] });
    assert.equal(r.status, 422);
    assert.deepEqual(r.json(), { success: false, message: 'The given data was invalid.', errors: { name: ['The name field is required.'] } });
  });

  it('notFound(message="Not Found") is 404', () => {
    const r = f.notFound();
    assert.equal(r.status, 404);
    assert.equal(r.text(), '{"success":false,"message":"Not Found"}');
    assert.equal(f.notFound('No such user').text(), '{"success":false,"message":"No such user"}');
  });
});
