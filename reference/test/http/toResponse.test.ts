import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JsonResponse } from '../../src/http/JsonResponse';
import { RedirectResponse } from '../../src/http/RedirectResponse';
import { Response } from '../../src/http/Response';
import { toResponse } from '../../src/http/toResponse';

function summary(value: unknown): [number, string, string | undefined, string] {
  const r = toResponse(value);
  return [r.status, r.text(), r.headers.get('content-type'), r.constructor.name];
}

describe('toResponse (return-value conversion)', () => {
  it('passes Responses and subclasses through untouched', () => {
    for (const r of [new Response('x', 201), new JsonResponse([1], 202), new RedirectResponse('/a')]) {
      assert.equal(toResponse(r), r);
    }
  });

  it('arrays and plain objects become JsonResponse 200', () => {
    assert.deepEqual(summary([1, 'a']), [200, '[1,"a"]', 'application/json', 'JsonResponse']);
    assert.deepEqual(summary({ a: { b: 1 } }), [200, '{"a":{"b":1}}', 'application/json', 'JsonResponse']);
    assert.deepEqual(summary(Object.create(null)), [200, '{}', 'application/json', 'JsonResponse']);
  });

  it('objects with toJSON become JsonResponse', () => {
    assert.deepEqual(summary({ toJSON: () => ({ v: 1 }) }), [200, '{"v":1}', 'application/json', 'JsonResponse']);
    assert.deepEqual(summary(new Date(0)), [200, '"1970-01-01T00:00:00.000Z"', 'application/json', 'JsonResponse']);
  });

  it('strings and scalars become text/html, cast the PHP way', () => {
    const html = 'text/html; charset=UTF-8';
    assert.deepEqual(summary('<b>hi</b>'), [200, '<b>hi</b>', html, 'Response']);
    assert.deepEqual(summary(42), [200, '42', html, 'Response']);
    assert.deepEqual(summary(1.5), [200, '1.5', html, 'Response']);
    assert.deepEqual(summary(10n), [200, '10', html, 'Response']);
    assert.deepEqual(summary(true), [200, '1', html, 'Response']);
    assert.deepEqual(summary(false), [200, '', html, 'Response']);
    assert.deepEqual(summary(null), [200, '', html, 'Response']);
    assert.deepEqual(summary(undefined), [200, '', html, 'Response']);
  });

  it('objects with their own toString are cast to text', () => {
    class Money {
      toString() {
        return '€5';
      }
    }
    assert.deepEqual(summary(new Money()), [200, '€5', 'text/html; charset=UTF-8', 'Response']);
  });

  it('anything else cannot be converted', () => {
    assert.throws(() => toResponse(new Map()), TypeError);
    assert.throws(() => toResponse(() => 1), TypeError);
    assert.throws(() => toResponse(Symbol('s')), TypeError);
  });
});
