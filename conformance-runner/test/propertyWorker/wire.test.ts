import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AdapterError, RequestTimeoutError, UnsupportedError } from '../../src/protocol';
import { PropertyFailure } from '../../src/properties';
import { fromWireChecked, fromWireError, toWireChecked, toWireError } from '../../src/propertyWorker/wire';

/** What a message between threads goes through. */
const across = <T>(value: T): T => structuredClone(value);

describe('property outcomes between threads', () => {
  it('an error comes back as its own class, with its name, message, stack and fields', () => {
    const sent = new AdapterError('POST /__fw/apps answered 500', { status: 500, error: { kind: 'internal' } });
    const back = fromWireError(across(toWireError(sent)));
    assert.ok(back instanceof AdapterError);
    assert.equal(back.name, 'AdapterError');
    assert.equal(back.message, sent.message);
    assert.equal(back.stack, sent.stack);
    assert.deepEqual((back as AdapterError).details, { status: 500, error: { kind: 'internal' } });

    const timeout = fromWireError(across(toWireError(new RequestTimeoutError('GET', '/x', 5))));
    assert.ok(timeout instanceof RequestTimeoutError);
    assert.equal((timeout as RequestTimeoutError).timeoutMs, 5);
    assert.match(String(timeout.stack), /^RequestTimeoutError: GET \/x did not answer within 5 ms/);

    const unsupported = fromWireError(across(toWireError(new UnsupportedError('groups'))));
    assert.ok(unsupported instanceof UnsupportedError);
    assert.equal((unsupported as UnsupportedError).capability, 'groups');
  });

  it('a failed property stays an assertion failure; an unknown error stays an Error with its name', () => {
    const failure = fromWireError(across(toWireError(new PropertyFailure('the property does not hold'))));
    assert.ok(failure instanceof PropertyFailure);
    assert.equal(failure.name, 'AssertionError');
    const other = new TypeError('x is not a function');
    const back = fromWireError(across(toWireError(other)));
    assert.ok(back instanceof Error && !(back instanceof AdapterError));
    assert.equal(back.name, 'TypeError');
    assert.equal(fromWireError(across(toWireError('a string'))).message, 'a string');
  });

  it('an error without stack frames (a thrown non-Error) comes back with V8 frames of this thread', () => {
    // Cucumber parses a stack without V8 frames with a regular expression that backtracks for minutes
    // on a message like this one: the rebuilt error must never have such a stack.
    const message = 'GET /a: expected 200 with the body "t0"; got 500 with "x" '.repeat(20);
    const back = fromWireError(across(toWireError(message)));
    const v8Frame = /^\s*at .*(\S+:\d+|\(native\))/m;
    assert.ok(String(back.stack).startsWith(`Error: ${message}\n`), String(back.stack).slice(0, 100));
    assert.match(String(back.stack), v8Frame);
    // A stack with its frames is kept as it is.
    const sent = new AdapterError(message, { status: 500 });
    assert.equal(fromWireError(across(toWireError(sent))).stack, sent.stack);
  });

  it('a result keeps its info and reproduction exactly as they would be attached', () => {
    const info = { property: 'route-tables', seed: 1, numRuns: 100, result: 'failed' as const, runs: 7, durationMs: 12, counterexample: { input: [{ a: [1, 'x'] }], manifest: { protocol: 2, routeFiles: { web: [] } } as never, failing: [{ rule: 'dispatch.verbs', messages: ['no'] }] } };
    const repro = { manifest: { protocol: 2, routeFiles: { web: [] } }, exchanges: [] };
    const back = fromWireChecked(across(toWireChecked({ kind: 'result', result: { info, repro: repro as never, error: new PropertyFailure('no') } })));
    assert.equal(back.kind, 'result');
    if (back.kind !== 'result') return;
    assert.equal(JSON.stringify(back.result.info), JSON.stringify(info));
    assert.equal(JSON.stringify(back.result.repro), JSON.stringify(repro));
    assert.ok(back.result.error instanceof PropertyFailure);
    assert.deepEqual(fromWireChecked(across(toWireChecked({ kind: 'unsupported', capability: 'resources', message: 'm' }))), { kind: 'unsupported', capability: 'resources', message: 'm' });
  });
});
