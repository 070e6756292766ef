import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { MatchResult } from '../../src/routing/matcher/MatchResult';
import { allowedMethods, methodId, ROUTE_METHODS, type RouteMethod } from '../../src/routing/methods';
import type { Route } from '../../src/routing/Route';
import { Router } from '../../src/routing/Router';

function router(defs: ReadonlyArray<readonly [RouteMethod, string]>): Router {
  const r = new Router();
  for (const [method, uri] of defs) r.addRoute(method, uri, () => null);
  return r;
}

function found(result: MatchResult): { uri: string; method: string; params: readonly string[] } {
  assert.equal(result.status, 200, `expected a match, got ${JSON.stringify(result)}`);
  if (result.status !== 200) throw new Error('unreachable');
  return { uri: result.route.uri, method: result.route.method, params: result.params };
}

/** The specification of matching, written as the obvious linear scan. */
function naiveMatch(routes: readonly Route[], method: string, path: string): MatchResult {
  const id = methodId(method);
  if (id >= 0) {
    const wanted = ROUTE_METHODS[id];
    for (const route of routes) {
      if (route.method !== wanted) continue;
      const params = route.pattern.match(path);
      if (params !== null) return { status: 200, route, params };
    }
  }
  let mask = 0;
  for (const route of routes) if (route.pattern.regex.test(path)) mask |= 1 << methodId(route.method);
  return mask === 0 ? { status: 404 } : { status: 405, allowed: allowedMethods(mask) };
}

describe('RouteMatcher', () => {
  it('finds static routes by exact path, per method', () => {
    const r = router([
      ['GET', '/users'],
      ['POST', '/users'],
    ]);
    assert.equal(found(r.match('GET', '/users')).method, 'GET');
    assert.equal(found(r.match('POST', '/users')).method, 'POST');
    assert.equal(r.match('GET', '/users/').status, 404, 'trailing slash is significant');
    assert.equal(r.match('GET', '/Users').status, 404, 'case-sensitive');
  });

  it('answers HEAD with GET routes', () => {
    const r = router([
      ['GET', '/a'],
      ['GET', '/b/{x}'],
    ]);
    assert.equal(found(r.match('HEAD', '/a')).method, 'GET');
    assert.deepEqual(found(r.match('HEAD', '/b/1')).params, ['1']);
  });

  it('extracts parameters in URI order', () => {
    const r = router([['GET', '/repos/{owner}/{repo}/issues/{number:[0-9]+}']]);
    assert.deepEqual(found(r.match('GET', '/repos/me/app/issues/12')).params, ['me', 'app', '12']);
    assert.equal(r.match('GET', '/repos/me/app/issues/x').status, 404);
  });

  it('first registered wins between overlapping dynamic routes', () => {
    const r = router([
      ['GET', '/p/{a}'],
      ['GET', '/p/{b:[0-9]+}'],
    ]);
    assert.equal(found(r.match('GET', '/p/1')).uri, '/p/{a}');
    const s = router([
      ['GET', '/p/{b:[0-9]+}'],
      ['GET', '/p/{a}'],
    ]);
    assert.equal(found(s.match('GET', '/p/1')).uri, '/p/{b:[0-9]+}');
    assert.equal(found(s.match('GET', '/p/x')).uri, '/p/{a}');
  });

  it('a static route registered before a dynamic one wins', () => {
    const r = router([
      ['GET', '/photos/create'],
      ['GET', '/photos/{id}'],
    ]);
    assert.equal(found(r.match('GET', '/photos/create')).uri, '/photos/create');
    assert.equal(found(r.match('GET', '/photos/9')).uri, '/photos/{id}');
  });

  it('a static route registered after a dynamic one that matches it is shadowed', () => {
    const r = router([
      ['GET', '/photos/{id}'],
      ['GET', '/photos/create'],
    ]);
    const hit = found(r.match('GET', '/photos/create'));
    assert.equal(hit.uri, '/photos/{id}');
    assert.deepEqual(hit.params, ['create']);
  });

  it('shadowing is per method', () => {
    const r = router([
      ['GET', '/photos/{id}'],
      ['POST', '/photos/create'],
    ]);
    assert.equal(found(r.match('POST', '/photos/create')).uri, '/photos/create');
  });

  it('precedence holds across a tree branch and a constraint that spans segments', () => {
    const r = router([
      ['GET', '/files/{path:.+}'],
      ['GET', '/files/{dir}/{name}'],
      ['GET', '/files/readme'],
    ]);
    assert.deepEqual(found(r.match('GET', '/files/a/b')).params, ['a/b']);
    assert.equal(found(r.match('GET', '/files/readme')).uri, '/files/{path:.+}');
    const s = router([
      ['GET', '/files/{dir}/{name}'],
      ['GET', '/files/{path:.+}'],
    ]);
    assert.equal(found(s.match('GET', '/files/a/b')).uri, '/files/{dir}/{name}');
    assert.equal(found(s.match('GET', '/files/a/b/c')).uri, '/files/{path:.+}');
  });

  it('keeps whole-URI meaning for anchors and look-arounds in constraints', () => {
    const r = router([
      ['GET', '/x/{a:[a-z]+$}'],
      ['GET', '/y/{b:(?<=/y/)[a-z]+}'],
      ['GET', '/z/{c:[a-z]+(?=/end)}/end'],
    ]);
    assert.deepEqual(found(r.match('GET', '/x/abc')).params, ['abc']);
    assert.deepEqual(found(r.match('GET', '/y/abc')).params, ['abc']);
    assert.deepEqual(found(r.match('GET', '/z/abc/end')).params, ['abc']);
  });

  it('matches several parameters inside one segment with regex semantics', () => {
    const r = router([['GET', '/dl/{name}.{ext:[a-z]+}']]);
    assert.deepEqual(found(r.match('GET', '/dl/report.final.pdf')).params, ['report.final', 'pdf']);
    assert.equal(r.match('GET', '/dl/report.PDF').status, 404);
  });

  it('an empty segment only matches a constraint that accepts ""', () => {
    const r = router([
      ['GET', '/page/{n:[0-9]*}'],
      ['GET', '/tag/{t}'],
    ]);
    assert.deepEqual(found(r.match('GET', '/page/')).params, ['']);
    assert.equal(r.match('GET', '/tag/').status, 404);
  });

  it('matches on the raw path: encoded slashes stay inside one segment', () => {
    const r = router([['GET', '/f/{name}']]);
    assert.deepEqual(found(r.match('GET', '/f/a%2Fb')).params, ['a%2Fb']);
  });

  it('405 lists every method registered for the URI, in RFC order, HEAD after GET', () => {
    const r = router([
      ['DELETE', '/items/{id}'],
      ['PUT', '/items/{id}'],
      ['GET', '/items/{id:[0-9]+}'],
      ['PATCH', '/items/special'],
      ['POST', '/items'],
    ]);
    const result = r.match('POST', '/items/5');
    assert.deepEqual(result, { status: 405, allowed: ['GET', 'HEAD', 'PUT', 'DELETE'] });
    assert.deepEqual(r.match('POST', '/items/special'), { status: 405, allowed: ['PUT', 'PATCH', 'DELETE'] });
    assert.deepEqual(r.match('GET', '/items'), { status: 405, allowed: ['POST'] });
  });

  it('other methods get 405 when the URI exists, else 404', () => {
    const r = router([['GET', '/a/{x}']]);
    assert.deepEqual(r.match('OPTIONS', '/a/1'), { status: 405, allowed: ['GET', 'HEAD'] });
    assert.deepEqual(r.match('TRACE', '/b'), { status: 404 });
    assert.deepEqual(r.match('HEAD', '/b'), { status: 404 });
  });

  it('handles the root path and paths that do not start with "/"', () => {
    const r = router([
      ['GET', '/'],
      ['GET', '/{x}'],
    ]);
    assert.equal(found(r.match('GET', '/')).uri, '/');
    assert.equal(r.match('GET', '*').status, 404);
    assert.equal(r.match('GET', '').status, 404);
  });

  it('scales: 10,000 routes still resolve correctly', () => {
    const defs: Array<[RouteMethod, string]> = [];
    for (let i = 0; i < 2500; i++) {
      defs.push(['GET', `/r${i}`], ['GET', `/r${i}/{id}`], ['PUT', `/r${i}/{id}`], ['GET', `/r${i}/{id}/x.{ext}`]);
    }
    const r = router(defs);
    assert.deepEqual(found(r.match('GET', '/r1234/7/x.json')).params, ['7', 'json']);
    assert.deepEqual(r.match('DELETE', '/r2499/1'), { status: 405, allowed: ['GET', 'HEAD', 'PUT'] });
  });

  it('agrees with a linear scan in registration order (property)', () => {
    const names = ['p', 'q', 'r'];
    const segment = fc.constantFrom(
      'a',
      'b',
      'ab',
      '',
      '{P}',
      '{P:[ab]+}',
      '{P:a|b}',
      '{P:[ab]*}',
      '{P:.+}',
      '{P:.*}',
      'x{P}',
      '{P}.{P}',
      '{P:(a)(b)?}',
      '{P:(?=a)[ab]+}',
      '{P:[ab]+$}',
      '{P:[^/]+}',
    );
    const uri = fc.array(segment, { maxLength: 4 }).map((segments) => {
      let n = 0;
      return '/' + segments.map((s) => s.replace(/P/g, () => `${names[n % 3]}${n++}`)).join('/');
    });
    const def = fc.tuple(fc.constantFrom(...ROUTE_METHODS), uri);
    const path = fc
      .tuple(fc.array(fc.constantFrom('a', 'b', 'ab', 'x', '', 'a.b', 'xa', 'ba', 'aab', '%2F'), { maxLength: 5 }), fc.boolean())
      .map(([segments, trailing]) => '/' + segments.join('/') + (trailing ? '/' : ''));
    const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');

    fc.assert(
      fc.property(fc.array(def, { maxLength: 14 }), fc.array(fc.tuple(method, path), { minLength: 1, maxLength: 12 }), (defs, lookups) => {
        const r = new Router();
        for (const [m, u] of defs) {
          try {
            r.addRoute(m, u, () => null);
          } catch {
            // duplicates are rejected; the rest of the table still counts
          }
        }
        for (const [m, p] of lookups) {
          const expected = naiveMatch(r.routes.all(), m, p);
          const actual = r.match(m, p);
          if (expected.status === 200 && actual.status === 200) {
            assert.equal(actual.route, expected.route, `${m} ${p}`);
            assert.deepEqual([...actual.params], [...expected.params], `${m} ${p}`);
          } else {
            assert.deepEqual(actual, expected, `${m} ${p} with ${JSON.stringify(defs)}`);
          }
        }
      }),
      { numRuns: 1500 },
    );
  });
});

describe('StaticChildren', () => {
  it('finds every literal segment among many siblings, one-character ones included', async () => {
    const { StaticChildren } = await import('../../src/routing/matcher/StaticChildren');
    const children = new StaticChildren<string>();
    const names = ['a', 'b', 'z', 'ab', 'ba', 'res1', 'res2', 'res10', 'res12', 'res21', 'x-y', 'é', 'users', 'user'];
    for (const name of names) children.add(name, name);
    for (const name of names) {
      assert.equal(children.find(name), name);
      const path = `/pre/${name}/post`;
      assert.equal(children.get(path, 5, 5 + name.length), name, `in ${path}`);
    }
    assert.equal(children.get('/c/', 1, 2), undefined);
    assert.equal(children.get('/res3/', 1, 5), undefined);
  });
});

describe('remembered answers', () => {
  it('forgets a remembered 404 or 405 when a route is added', () => {
    const r = router([['GET', '/gists/{id}/star']]);
    const first = r.match('PATCH', '/gists/1/star');
    assert.equal(first.status, 405);
    assert.equal(r.match('PATCH', '/gists/1/star'), first, 'answered again from memory (the same frozen answer)');
    assert.equal(r.match('GET', '/nope').status, 404);
    r.addRoute('PATCH', '/gists/{id}/star', () => null);
    r.addRoute('GET', '/nope', () => null);
    assert.deepEqual(found(r.match('PATCH', '/gists/1/star')).params, ['1']);
    assert.equal(found(r.match('GET', '/nope')).uri, '/nope');
    assert.deepEqual((r.match('DELETE', '/gists/1/star') as { allowed: readonly string[] }).allowed, ['GET', 'HEAD', 'PATCH']);
  });

  it('gives the same answers with or without memory, for many distinct paths', () => {
    const r = router([['GET', '/a/{x}'], ['PUT', '/a/{x}/b'], ['GET', '/s']]);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 3000; i++) {
        assert.equal(r.match('POST', `/a/${i}`).status, 405);
        assert.equal(r.match('GET', `/a/${i}/c`).status, 404);
        assert.equal(found(r.match('GET', `/a/${i}`)).params[0], String(i));
      }
    }
    assert.equal(r.match('POST', '/s').status, 405);
  });
});
