import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareVersions, mergeOrders } from '../../src/matrix/order';

describe('rule order across reports', () => {
  it('keeps the first order whole and places the others\' rules after their neighbours', () => {
    assert.deepEqual(mergeOrders([['a', 'b', 'd'], ['a', 'c', 'd', 'e'], ['z', 'a']]), ['z', 'a', 'c', 'b', 'd', 'e']);
  });

  it('one order, or the same order twice, is itself', () => {
    assert.deepEqual(mergeOrders([['x', 'y']]), ['x', 'y']);
    assert.deepEqual(mergeOrders([['x', 'y'], ['x', 'y']]), ['x', 'y']);
    assert.deepEqual(mergeOrders([]), []);
  });

  it('compares suite versions numerically', () => {
    assert.ok(compareVersions('0.10.0', '0.9.1') > 0);
    assert.ok(compareVersions('1.0.0', '1.0.0') === 0);
    assert.ok(compareVersions('1.0.0-rc.1', '1.0.0-rc.2') < 0);
    assert.ok(compareVersions('1.0', '1.0.1') < 0);
  });
});
