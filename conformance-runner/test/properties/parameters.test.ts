import { test } from 'node:test';
import assert from 'node:assert/strict';
import { propertyParameters, propertyNamed } from '../../src/properties';

const target = { url: 'http://127.0.0.1:8181', token: 't' };

test('absent seed, runs and timeout take the defaults; given ones are kept', () => {
  assert.deepEqual(propertyParameters({ target }), { target, requestTimeoutMs: 10_000, seed: 42, numRuns: 100 });
  assert.deepEqual(propertyParameters({ target, seed: -7, numRuns: 5, requestTimeoutMs: 50, replayPath: '3:1', oracle: target, capabilities: ['routing'] }),
    { target, seed: -7, numRuns: 5, requestTimeoutMs: 50, replayPath: '3:1', oracle: target, capabilities: ['routing'] });
});

test('bad world parameters get messages naming the field', () => {
  assert.throws(() => propertyParameters(undefined), /worldParameters\.target must be/);
  assert.throws(() => propertyParameters({ target: { url: 'nope', token: 't' } }), /target\.url is not a URL/);
  assert.throws(() => propertyParameters({ target, numRuns: 0 }), /numRuns must be an integer >= 1/);
  assert.throws(() => propertyParameters({ target, seed: 1.5 }), /seed must be an integer/);
  assert.throws(() => propertyParameters({ target, oracle: { url: 'http://x' } as never }), /worldParameters\.oracle must be/);
  assert.throws(() => propertyParameters({ target, capabilities: 'routing' as never }), /capabilities must be a list/);
});

test('an unknown property name lists the known ones', () => {
  assert.throws(() => propertyNamed('regex'), /unknown property "regex": the properties are "regex-constraints", "route-tables"/);
});
