import * as assert from 'node:assert/strict';
import { AssertionError } from 'node:assert';
import { describe, it } from 'node:test';
import { CLIP } from '../../src/protocol/clip';
import { describeResponse, expectEqual, fail, jsonBody, show } from '../../../steps/support/expect';

// What cucumber formats a step's error with (a dependency of @cucumber/cucumber, without types).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { format } = require('assertion-error-formatter') as { format: (err: unknown) => string };

const LONG = 'x'.repeat(1_000_000);

function caught(fn: () => void): AssertionError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof AssertionError);
    return err;
  }
  assert.fail('expected an assertion failure');
}

describe('steps/support/expect: what a hostile answer can put into a failure', () => {
  it('show() clips a long value and says so', () => {
    const shown = show({ a: LONG });
    assert.ok(shown.length < CLIP.valueChars + 100, `${shown.length} characters`);
    assert.match(shown, /^\{"a":"xxx.*… \(1,000,008 characters, clipped to 1,000\)$/);
    assert.equal(show([1, 2]), '[1,2]');
    assert.equal(show(undefined), 'nothing');
  });

  it('describeResponse() clips the body and the content type, keeping the status first', () => {
    const text = describeResponse({ status: 404, headers: { 'content-type': `text/html${LONG}` }, body: LONG } as never);
    assert.match(text, /^404 text\/html/);
    assert.match(text, /… \(1,000,000 characters, clipped to 300\)$/);
    assert.ok(text.length < 1000, `${text.length} characters`);
  });

  it('fail() clips the message to CLIP.messageChars and keeps its head (what attribution parses)', () => {
    const err = caught(() => fail(`GET /a: expected status 200, got 404 ${LONG}`));
    assert.match(err.message, /^GET \/a: expected status 200, got 404 x+… \(1,000,037 characters, clipped to 4,000\)$/);
  });

  it('large values are not handed to the diff; small ones still are', () => {
    const big = new Array(500_000).fill(0);
    const err = caught(() => expectEqual(big, [], 'GET /a: JSON body'));
    assert.equal(err.actual, undefined);
    assert.equal(err.expected, undefined);
    assert.match(err.message, /^GET \/a: JSON body: expected \[\], got \[0,0,.*clipped to 1,000\)$/);
    // What cucumber makes of it stays the size of the message (no diff of 500,000 lines).
    assert.ok(format(err).length < CLIP.messageChars * 2);
    const small = caught(() => expectEqual({ a: 1 }, { a: 2 }, 'GET /b: JSON body'));
    assert.deepEqual([small.actual, small.expected], [{ a: 1 }, { a: 2 }]);
  });

  it('an answer clipped for its size (AppResponse.clipped) is no JSON, though its head parses; its description says so', () => {
    const head = `{"message":"ok"}${' '.repeat(8000)}`;
    const clipped = { status: 200, headers: { 'content-type': 'application/json' }, body: head, clipped: { bytes: 1_000_016, bound: 65_560 } } as never;
    assert.deepEqual(jsonBody(clipped), { ok: false });
    assert.deepEqual(jsonBody({ status: 200, headers: {}, body: head } as never), { ok: true, value: { message: 'ok' } });
    assert.deepEqual(jsonBody({ status: 200, headers: {}, body: '{' } as never), { ok: false });
    const text = describeResponse(clipped);
    assert.match(text, /^200 application\/json "\{\\"message\\":\\"ok\\"\} +"… \(a body of 1,000,016 bytes, larger than an answer to this request may be \(65,560 bytes, docs\/adapter-protocol.md "Limits of the runner"\): only its first 8 KiB kept\)$/);
    assert.ok(text.length < 1000, `${text.length} characters`);
  });
});
