import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeStaticText, escapeRegex, isWellFormedEncoding, joinUri, normalizeUri } from '../../src/routing/paths';

describe('paths', () => {
  it('joins prefixes with exactly one slash, whatever the pieces carry', () => {
    assert.equal(joinUri(['/admin/', '/users/']), '/admin/users');
    assert.equal(joinUri(['admin', 'users']), '/admin/users');
    assert.equal(joinUri(['//a//', '', '/', 'b']), '/a/b');
    assert.equal(joinUri(['', '']), '/');
    assert.equal(joinUri(['api', 'v1/', '/{id}']), '/api/v1/{id}');
  });

  it('normalizes a URI to one leading slash and no trailing slash', () => {
    assert.equal(normalizeUri('a/b/'), '/a/b');
    assert.equal(normalizeUri('/'), '/');
  });

  it('escapes regex metacharacters', () => {
    assert.equal(new RegExp(`^${escapeRegex('a.b*(c)[d]{e}|f?+^$\\/')}$`).test('a.b*(c)[d]{e}|f?+^$\\/'), true);
  });

  it('encodes characters that may not appear raw in a path', () => {
    assert.equal(encodeStaticText("/a-b_c.d~e!$&'()*+,;=:@%41"), "/a-b_c.d~e!$&'()*+,;=:@%41");
    assert.equal(encodeStaticText('/ü ?#'), '/%C3%BC%20%3F%23');
  });

  it('recognizes malformed percent-encoding', () => {
    assert.ok(isWellFormedEncoding('/a%20b'));
    assert.ok(!isWellFormedEncoding('/a%2'));
    assert.ok(!isWellFormedEncoding('/a%zz'));
    assert.ok(!isWellFormedEncoding('/a%E2%82'));
  });
});
