import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openTarget, TargetError } from '../../src/target';

async function rejection(options: Parameters<typeof openTarget>[0]): Promise<TargetError> {
  try {
    await openTarget(options);
  } catch (err) {
    assert.ok(err instanceof TargetError, `expected a TargetError, got ${String(err)}`);
    assert.equal(err.name, 'TargetError');
    return err;
  }
  assert.fail('openTarget resolved');
}

describe('openTarget: usage errors', () => {
  it('refuses to run without a target', async () => {
    const err = await rejection({});
    assert.match(err.message, /no adapter given/);
    assert.match(err.message, /--start/);
    assert.match(err.message, /--target <url> --token <token>/);
  });

  it('refuses --start together with --target', async () => {
    const err = await rejection({ start: 'node x.js', target: 'http://127.0.0.1:1', token: 't' });
    assert.match(err.message, /--start cannot be combined with --target\/--token/);
  });

  it('refuses --start together with --token alone', async () => {
    const err = await rejection({ start: 'node x.js', token: 't' });
    assert.match(err.message, /--start cannot be combined/);
  });

  it('asks for --token when only --target is given', async () => {
    const err = await rejection({ target: 'http://127.0.0.1:1' });
    assert.match(err.message, /--target needs --token/);
  });

  it('asks for --target when only --token is given', async () => {
    const err = await rejection({ token: 't' });
    assert.match(err.message, /--token needs --target/);
  });

  it('refuses an empty --start command', async () => {
    const err = await rejection({ start: '   ' });
    assert.match(err.message, /empty command/);
  });

  it('refuses a working directory that does not exist', async () => {
    const err = await rejection({ start: 'true', cwd: '/nonexistent/fw-conformance' });
    assert.match(err.message, /working directory \/nonexistent\/fw-conformance does not exist/);
  });
});

describe('openTarget: attach URL and token validation', () => {
  const cases: [string, RegExp][] = [
    ['not a url', /is not a URL; expected something like http:\/\/127\.0\.0\.1:8080/],
    ['https://127.0.0.1:8080', /uses https; adapters speak plain http/],
    ['ftp://127.0.0.1:8080', /uses ftp; adapters speak plain http/],
    ['http://127.0.0.1:8080/api', /has a path or query; give only the adapter's origin \(e\.g\. http:\/\/127\.0\.0\.1:8080\)/],
    ['http://127.0.0.1:8080/?x=1', /has a path or query/],
    ['http://user:pw@127.0.0.1:8080', /contains credentials/],
  ];
  for (const [url, expected] of cases) {
    it(`refuses --target ${url}`, async () => {
      const err = await rejection({ target: url, token: 't' });
      assert.match(err.message, expected);
    });
  }

  it('refuses an empty token', async () => {
    const err = await rejection({ target: 'http://127.0.0.1:8080', token: '' });
    assert.match(err.message, /--token is empty/);
  });

  it('refuses a token that cannot travel in a header', async () => {
    const err = await rejection({ target: 'http://127.0.0.1:8080', token: 'two words' });
    assert.match(err.message, /cannot be sent in an Authorization header/);
  });
});
