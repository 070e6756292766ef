import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Container } from '../../src/container/Container';
import { attachContainer, Controller } from '../../src/http/Controller';
import { JsonResponse } from '../../src/http/JsonResponse';
import { RedirectResponse } from '../../src/http/RedirectResponse';
import { Response } from '../../src/http/Response';
import { ResponseFactory } from '../../src/http/ResponseFactory';
import { ViewRegistry } from '../../src/http/ViewRegistry';
import { Router } from '../../src/routing/Router';

class Helpers extends Controller {
  factory() {
    return this.response();
  }
  plain() {
    return this.response('body', 201, { 'X-A': 'a' });
  }
  empty() {
    return this.response('');
  }
  data() {
    return this.json({ a: 1 }, 202, { 'X-B': 'b' });
  }
  defaultJson() {
    return this.json();
  }
  go() {
    return this.redirect('/there', 301);
  }
  goDefault() {
    return this.redirect('/there');
  }
  page() {
    return this.view('page', { title: 'T' }, 203, { 'X-C': 'c' });
  }
}

describe('Controller helpers', () => {
  const container = new Container();
  new Router(container);
  const views = new ViewRegistry().register('page', (d) => `<h1>${String(d['title'])}</h1>`);
  container.instance(ViewRegistry, views);
  container.singleton(ResponseFactory);
  const c = container.make(Helpers);
  attachContainer(c, container);

  it('response() with no arguments is the ResponseFactory', () => {
    assert.ok(c.factory() instanceof ResponseFactory);
  });

  it('response(content, status, headers) is a Response', () => {
    const r = c.plain();
    assert.ok(r instanceof Response);
    assert.deepEqual([r.status, r.text(), r.headers.get('x-a'), r.headers.get('content-type')], [201, 'body', 'a', 'text/html; charset=UTF-8']);
    assert.equal(c.empty().status, 200);
  });

  it('json(data=[], status=200, headers={})', () => {
    const r = c.data();
    assert.ok(r instanceof JsonResponse);
    assert.deepEqual([r.status, r.text(), r.headers.get('x-b')], [202, '{"a":1}', 'b']);
    assert.equal(c.defaultJson().text(), '[]');
  });

  it('redirect(url, status=302)', () => {
    const r = c.go();
    assert.ok(r instanceof RedirectResponse);
    assert.deepEqual([r.status, r.headers.get('location')], [301, '/there']);
    assert.equal(c.goDefault().status, 302);
  });

  it('view(name, data={}, status=200, headers={})', () => {
    const r = c.page();
    assert.deepEqual([r.status, r.text(), r.headers.get('x-c')], [203, '<h1>T</h1>', 'c']);
  });

  it('works outside a container too (no views, no named routes)', () => {
    const loose = new Helpers();
    assert.equal(loose.data().status, 202);
    assert.throws(() => loose.page(), /View \[page\] not found/);
  });

  it('has no validate() or authorize()', () => {
    assert.equal((Controller.prototype as unknown as Record<string, unknown>)['validate'], undefined);
    assert.equal((Controller.prototype as unknown as Record<string, unknown>)['authorize'], undefined);
  });
});

describe('ViewRegistry', () => {
  it('renders registered views synchronously and rejects unknown names', () => {
    const v = new ViewRegistry().register('a', () => 'A');
    assert.ok(v.has('a'));
    assert.equal(v.render('a'), 'A');
    assert.throws(() => v.render('b'), { name: 'ViewNotFoundError' });
  });
});
