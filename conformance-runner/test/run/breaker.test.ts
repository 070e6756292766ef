import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CircuitBreaker, unreachable } from '../../src/run/control/breaker';

describe('circuit breaker', () => {
  const result = (id: string, status: string, message?: string) => ({ id, status: status as never, message });

  it('trips once, after N scenarios in a row that time out or cannot connect', () => {
    const trips: string[] = [];
    const breaker = new CircuitBreaker(3, (reason) => trips.push(reason));
    breaker.observe(result('a', 'timed-out', 'GET /x did not answer within 10 ms'));
    breaker.observe(result('b', 'errored', 'GET http://127.0.0.1:1/x failed: connect ECONNREFUSED (ECONNREFUSED)'));
    breaker.observe(result('c', 'unsupported'));   // neither breaks nor continues the streak
    assert.equal(trips.length, 0);
    breaker.observe(result('d', 'timed-out', 'slow'));
    breaker.observe(result('e', 'timed-out', 'slow'));
    assert.equal(trips.length, 1);
    assert.match(trips[0]!, /^circuit breaker: 3 scenarios in a row timed out or could not reach the target \(last: d: slow\)/);
  });

  it('an answer of any kind, failing or not, resets the streak; 0 never trips', () => {
    const trips: string[] = [];
    const breaker = new CircuitBreaker(2, (reason) => trips.push(reason));
    for (const status of ['timed-out', 'failed', 'timed-out', 'passed', 'timed-out', 'errored']) breaker.observe(result('x', status, 'schema violation'));
    assert.equal(trips.length, 0, 'an adapter error that is not a connection failure is an answer');
    const off = new CircuitBreaker(0, (reason) => trips.push(reason));
    for (let i = 0; i < 10; i++) off.observe(result('x', 'timed-out'));
    assert.equal(trips.length, 0);
  });

  it('knows connection failures from other adapter errors', () => {
    assert.equal(unreachable({ status: 'errored', message: 'POST /__fw/apps failed: other side closed (UND_ERR_SOCKET)' }), true);
    assert.equal(unreachable({ status: 'errored', message: 'POST /__fw/apps answered 500 (internal): boom' }), false);
    assert.equal(unreachable({ status: 'failed', message: 'ECONNREFUSED in a body' }), false);
  });
});
