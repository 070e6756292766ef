import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Router } from '../../src/routing/Router';
import { UrlGenerationError } from '../../src/routing/UrlGenerationError';
import { UrlGenerator } from '../../src/routing/UrlGenerator';

function generator(): UrlGenerator {
  const r = new Router();
  r.get('/', () => 'home').name('home');
  r.get('/users/{id}', () => 1).name('users.show');
  r.get('/posts/{year:[0-9]{4}}/{slug}', () => 1).name('posts.show');
  r.get('/files/{path:.+}', () => 1).name('files');
  r.get('/opt/{page:[0-9]*}', () => 1).name('optional');
  r.get('/café', () => 1).name('cafe');
  return new UrlGenerator(r.routes);
}

describe('UrlGenerator.route', () => {
  const url = generator();

  it('fills segments and returns a path', () => {
    assert.equal(url.route('home'), '/');
    assert.equal(url.route('users.show', { id: 42 }), '/users/42');
    assert.equal(url.route('posts.show', { year: 2024, slug: 'hello' }), '/posts/2024/hello');
  });

  it('encodes segment values with encodeURIComponent', () => {
    assert.equal(url.route('users.show', { id: 'a b/c?' }), '/users/a%20b%2Fc%3F');
    assert.equal(url.route('files', { path: 'a/b' }), '/files/a%2Fb');
  });

  it('appends other entries as a query string in insertion order', () => {
    assert.equal(url.route('users.show', { id: 1, tab: 'posts', q: 'a&b=c', page: 2 }), '/users/1?tab=posts&q=a%26b%3Dc&page=2');
    assert.equal(url.route('home', new Map<string, string | number>([['2', 'x'], ['a', 1]])), '/?2=x&a=1', 'a Map keeps integer-like keys in order');
  });

  it('casts values: numbers with String(), true → 1, false → 0', () => {
    assert.equal(url.route('users.show', { id: 1.5, a: true, b: false, c: -0 }), '/users/1.5?a=1&b=0&c=0');
    assert.equal(url.route('users.show', { id: true }), '/users/1');
  });

  it('omits null and undefined query entries, keeps empty strings as k=', () => {
    assert.equal(url.route('users.show', { id: 1, a: null, b: undefined, c: '' }), '/users/1?c=');
  });

  it('unknown names throw UrlGenerationError', () => {
    assert.throws(() => url.route('nope'), (e: unknown) => e instanceof UrlGenerationError && e.message === 'Route [nope] not defined.');
  });

  it('missing segment parameters throw', () => {
    assert.throws(() => url.route('users.show'), { message: 'Missing required parameter [id] for route [users.show].' });
    assert.throws(() => url.route('users.show', { id: null }), { message: 'Missing required parameter [id] for route [users.show].' });
  });

  it('values that do not satisfy the constraint throw', () => {
    assert.throws(() => url.route('posts.show', { year: 24, slug: 'x' }), UrlGenerationError);
    assert.throws(() => url.route('users.show', { id: '' }), UrlGenerationError, 'empty string vs [^/]+');
    assert.equal(url.route('optional', { page: '' }), '/opt/', 'a constraint that accepts "" accepts it');
  });

  it('non-scalar values throw', () => {
    assert.throws(() => url.route('users.show', { id: 1, x: [1] as never }), /must be a string, number or boolean/);
  });

  it('static text comes out percent-encoded, as it is matched', () => {
    assert.equal(url.route('cafe'), '/caf%C3%A9');
  });
});
