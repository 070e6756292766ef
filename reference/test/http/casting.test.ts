import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { castParameter } from '../../src/http/casting';
import { HttpError } from '../../src/http/HttpError';

function rejects(type: 'int' | 'float' | 'bool', value: string): void {
  assert.throws(
    () => castParameter(type, 'p', value),
    (e: unknown) => e instanceof HttpError && e.status === 400 && e.message === `Route parameter "p" must be ${type}`,
    `${type} ${JSON.stringify(value)}`,
  );
}

describe('castParameter', () => {
  it('bool: 1/true/on/yes and 0/false/off/no/"" in any case', () => {
    for (const v of ['1', 'true', 'TRUE', 'On', 'yes', 'YeS']) assert.equal(castParameter('bool', 'p', v), true, v);
    for (const v of ['0', 'false', 'False', 'OFF', 'no', 'NO', '']) assert.equal(castParameter('bool', 'p', v), false, v);
    for (const v of ['2', 'maybe', 'truthy', ' yes']) rejects('bool', v);
  });

  it('int: optional sign and digits, within the safe-integer range', () => {
    assert.equal(castParameter('int', 'p', '42'), 42);
    assert.equal(castParameter('int', 'p', '+7'), 7);
    assert.equal(castParameter('int', 'p', '-12'), -12);
    assert.equal(castParameter('int', 'p', '007'), 7);
    assert.equal(castParameter('int', 'p', '9007199254740991'), Number.MAX_SAFE_INTEGER);
    for (const v of ['', '1.0', '1e3', 'abc', ' 1', '0x10', '9007199254740992', '-9007199254740992']) rejects('int', v);
  });

  it('float: decimal and exponent forms', () => {
    assert.equal(castParameter('float', 'p', '1e3'), 1000);
    assert.equal(castParameter('float', 'p', '.5'), 0.5);
    assert.equal(castParameter('float', 'p', '1.'), 1);
    assert.equal(castParameter('float', 'p', '-2.5E-1'), -0.25);
    assert.ok(Object.is(castParameter('float', 'p', '-0'), -0));
    for (const v of ['', '.', 'e3', '1e', 'NaN', 'Infinity', '1,5', '1e999']) rejects('float', v);
  });

  it('string and untyped values pass through', () => {
    assert.equal(castParameter('string', 'p', 'a b'), 'a b');
    assert.equal(castParameter('any', 'p', '42'), '42');
  });
});
