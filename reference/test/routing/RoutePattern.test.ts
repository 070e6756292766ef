import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RoutePattern, RoutePatternError } from '../../src/routing/RoutePattern';

describe('RoutePattern', () => {
  it('compiles {name} with the default constraint [^/]+', () => {
    const p = RoutePattern.compile('/users/{id}');
    assert.equal(p.uri, '/users/{id}');
    assert.deepEqual(p.paramNames, ['id']);
    assert.deepEqual(p.match('/users/42'), ['42']);
    assert.equal(p.match('/users/'), null, 'a parameter needs at least one character');
    assert.equal(p.match('/users/4/2'), null, 'the default constraint stops at "/"');
    assert.equal(p.isStatic, false);
  });

  it('compiles {name:regex} constraints', () => {
    const p = RoutePattern.compile('/posts/{id:[0-9]+}/{slug:[a-zA-Z0-9-]+}');
    assert.deepEqual(p.match('/posts/7/hello-world'), ['7', 'hello-world']);
    assert.equal(p.match('/posts/x/hello'), null);
  });

  it('accepts constraints that contain braces', () => {
    const p = RoutePattern.compile('/archive/{year:[0-9]{4}}/{month:[0-9]{1,2}}');
    assert.deepEqual(p.match('/archive/2024/3'), ['2024', '3']);
    assert.equal(p.match('/archive/24/3'), null);
    assert.equal(p.uri, '/archive/{year:[0-9]{4}}/{month:[0-9]{1,2}}');
  });

  it('anchors on the whole URI and never accepts a trailing newline', () => {
    // PCRE's "$" would accept "/a/b\n" here (x = "b"); JavaScript's does not.
    const p = RoutePattern.compile('/a/{x:[a-z]+}');
    assert.equal(p.match('/a/b\n'), null);
    assert.equal(p.match('x/a/b'), null);
    assert.equal(p.match('/a/b/'), null);
    const q = RoutePattern.compile('/static');
    assert.equal(q.match('/static\n'), null);
    assert.equal(q.regex.flags, '');
  });

  it('treats static text literally, escaping regex metacharacters', () => {
    const p = RoutePattern.compile('/file.json/(x)+/{id}');
    assert.deepEqual(p.match('/file.json/(x)+/1'), ['1']);
    assert.equal(p.match('/fileXjson/(x)+/1'), null);
    assert.equal(p.match('/file.json/xx/1'), null);
  });

  it('keeps extraction by name when constraints contain capture groups', () => {
    const p = RoutePattern.compile('/{a:(x|y)+}/{b:(\\d)(\\d)}/{c}');
    assert.deepEqual(p.groupIndexes, [1, 3, 6]);
    assert.deepEqual(p.match('/xyx/12/z'), ['xyx', '12', 'z']);
  });

  it('supports several parameters in one segment', () => {
    const p = RoutePattern.compile('/{name}.{ext}');
    assert.deepEqual(p.match('/archive.tar.gz'), ['archive.tar', 'gz'], 'greedy like the regex it is');
  });

  it('normalizes leading and trailing slashes', () => {
    assert.equal(RoutePattern.compile('users/').uri, '/users');
    assert.equal(RoutePattern.compile('//users//').uri, '/users');
    assert.equal(RoutePattern.compile('').uri, '/');
    assert.equal(RoutePattern.compile('/').uri, '/');
  });

  it('percent-encodes literal characters that cannot appear raw in a path', () => {
    assert.equal(RoutePattern.compile('/café/a b').uri, '/caf%C3%A9/a%20b');
    assert.equal(RoutePattern.compile('/already%20encoded').uri, '/already%20encoded');
  });

  it('static patterns are flagged and keep their literal path', () => {
    const p = RoutePattern.compile('/about/team');
    assert.ok(p.isStatic);
    assert.equal(p.staticPath, '/about/team');
  });

  it('uses the same shape for patterns that differ only in parameter names', () => {
    assert.equal(RoutePattern.compile('/u/{id}').shape, RoutePattern.compile('/u/{name}').shape);
    assert.equal(RoutePattern.compile('/u/{id}').shape, RoutePattern.compile('/u/{id:[^/]+}').shape);
    assert.notEqual(RoutePattern.compile('/u/{id}').shape, RoutePattern.compile('/u/{id:\\d+}').shape);
  });

  const invalid: Array<[string, RegExp]> = [
    ['/users/{id', /unbalanced braces/],
    ['/users/id}', /unbalanced braces/],
    ['/a/{x:[0-9]{4}', /unbalanced braces/],
    ['/a/{x}/{x}', /duplicate parameter name "x"/],
    ['/a/{x:(}', /invalid regex/],
    ['/a/{x:a)(b}', /invalid regex/],
    ['/a/{x:(?<n>a)}', /named groups/],
    ['/a/{x:(a)\\1}', /back-references/],
    ['/a/{1x}', /invalid parameter name/],
    ['/a/{}', /invalid parameter name/],
    ['/a/{x:}', /empty constraint/],
  ];
  for (const [uri, reason] of invalid) {
    it(`rejects ${uri}`, () => {
      assert.throws(() => RoutePattern.compile(uri), (error: unknown) => error instanceof RoutePatternError && reason.test(error.message));
    });
  }

  it('allows look-arounds, which are not named groups', () => {
    const p = RoutePattern.compile('/a/{x:(?<!z)[a-z]+(?=$)}');
    assert.deepEqual(p.match('/a/abc'), ['abc']);
  });

  it('works a constraint out once, and still names the parameter of every invalid one', () => {
    const [a, b] = [RoutePattern.compile('/a/{first:[0-9]{3}}'), RoutePattern.compile('/b/{second:[0-9]{3}}')];
    const [ta, tb] = [a.tokens[1], b.tokens[1]];
    assert.ok(ta?.kind === 'param' && tb?.kind === 'param');
    assert.equal(ta.whole, tb.whole, 'the same constraint text shares its compiled matcher');
    assert.deepEqual([ta.name, tb.name], ['first', 'second']);
    assert.equal(tb.whole.test('123'), true);
    assert.equal(tb.whole.test('12'), false);
    assert.deepEqual(b.match('/b/456'), ['456']);
    // An invalid constraint is never kept: each parameter gets its own error.
    assert.throws(() => RoutePattern.compile('/{x:(a}'), (e: Error) => e instanceof RoutePatternError && e.message.includes('"x"'));
    assert.throws(() => RoutePattern.compile('/{y:(a}'), (e: Error) => e instanceof RoutePatternError && e.message.includes('"y"'));
    assert.throws(() => RoutePattern.compile('/{z:(?<n>a)}'), /parameter "z"/);
    assert.throws(() => RoutePattern.compile('/{w:(?<n>a)}'), /parameter "w"/);
  });
});
