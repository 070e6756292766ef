import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Application } from '../../src/foundation/Application';
import { Router } from '../../src/routing/Router';
import { RouteRegistrationError } from '../../src/routing/RouteRegistrationError';

/**
 * Constraints are user input for the router: no pattern may let one request
 * block the process (decision 53). Before the linear engine, the first case
 * took about 26 s for 31 "a"s and doubled with each further one; the
 * timeout is only a guard against hanging, not a speed assertion.
 */
const CATASTROPHIC = ['(a+)+b', '(a|a)*b', '(a*)*b', '(\\w+\\s?)+$', '\\d*\\d*\\d*x', '(?:a|ab)*c'];

describe('catastrophic constraints', { timeout: 120_000 }, () => {
  for (const constraint of CATASTROPHIC) {
    it(`answers /{x:${constraint}} on a long non-matching segment`, () => {
      const router = new Router();
      router.addRoute('GET', `/r/{x:${constraint}}`, () => null);
      router.addRoute('GET', `/t/{x:${constraint}}/{y}`, () => null);
      router.addRoute('PUT', `/r/{x:${constraint}}`, () => null);
      for (const attack of ['a'.repeat(31) + '!', 'a'.repeat(5000) + '!', '1'.repeat(5000) + '!']) {
        assert.equal(router.match('GET', `/r/${attack}`).status, 404);
        assert.equal(router.match('DELETE', `/r/${attack}`).status, 404, 'the 405 walk runs the same regexes');
        assert.equal(router.match('GET', `/t/${attack}/y`).status, 404);
      }
    });
  }

  it('still matches what the constraints accept, with the right values', () => {
    const router = new Router();
    router.addRoute('GET', '/r/{x:(a+)+b}', () => null);
    router.addRoute('GET', '/s/{x:(a|a)*}{y:b+}', () => null);
    router.addRoute('GET', '/t/{x:(\\w+\\s?)+}/{rest:.*}', () => null);
    const r = router.match('GET', '/r/aaab');
    assert.equal(r.status, 200);
    const s = router.match('GET', `/s/${'a'.repeat(3000)}bb`);
    assert.ok(s.status === 200 && s.params[0] === 'a'.repeat(3000) && s.params[1] === 'bb');
    const t = router.match('GET', '/t/ab/c/d');
    assert.ok(t.status === 200 && t.params[0] === 'ab' && t.params[1] === 'c/d');
  });

  it('refuses at boot, naming the route, a constraint too large to match in linear time', () => {
    const app = new Application({ web: (router) => router.get('/x/{n:(?:ab{1000}){1000}}', () => 'x') });
    assert.throws(
      () => app.boot(),
      (error: unknown) =>
        error instanceof RouteRegistrationError &&
        error.message.startsWith('Cannot register route [GET /x/{n:(?:ab{1000}){1000}}]: the constraint of parameter "n" cannot be matched in linear time'),
    );
  });
});
