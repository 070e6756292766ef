import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validate } from '../../src/validation/Validator';

describe('validate', () => {
  it('required rejects missing, null, blank and empty arrays', () => {
    for (const data of [{}, { name: null }, { name: '  ' }, { name: [] }]) {
      assert.deepEqual(validate(data, { name: 'required' }).errors, { name: ['The name field is required.'] });
    }
    assert.ok(validate({ name: 0 }, { name: 'required' }).passes);
  });

  it('other rules do not apply to missing or empty values', () => {
    assert.ok(validate({}, { age: 'integer|min:3' }).passes);
    assert.ok(validate({ age: null }, { age: 'nullable|integer' }).passes);
  });

  it('type rules', () => {
    const rules = { s: 'string', i: 'integer', n: 'numeric', b: 'boolean', a: 'array', e: 'email' };
    const good = validate({ s: 'x', i: '12', n: '1.5e2', b: '0', a: [1], e: 'a@b.io' }, rules);
    assert.ok(good.passes, JSON.stringify(good.errors));
    const bad = validate({ s: 1, i: '1.5', n: 'x', b: 'yes', a: 'x', e: 'nope' }, rules);
    assert.deepEqual(bad.errors, {
      s: ['The s field must be a string.'],
      i: ['The i field must be an integer.'],
      n: ['The n field must be a number.'],
      b: ['The b field must be true or false.'],
      a: ['The a field must be an array.'],
      e: ['The e field must be a valid email address.'],
    });
  });

  it('min and max measure strings, numbers and arrays', () => {
    const r = validate(
      { name: 'ab', age: '200', tags: [1, 2, 3] },
      { name: 'string|min:3', age: 'integer|max:120', tags: ['array', 'max:2'] },
    );
    assert.deepEqual(r.errors, {
      name: ['The name field must be at least 3 characters.'],
      age: ['The age field must not be greater than 120.'],
      tags: ['The tags field must not have more than 2 items.'],
    });
  });

  it('in, custom messages, attribute names and function rules', () => {
    const r = validate(
      { role: 'root', first_name: 'x', code: 'abc' },
      { role: 'in:user,admin', first_name: 'min:2', code: [(v) => (v === 'abc' ? 'The code is reserved.' : null)] },
      { 'role.in': 'Pick a real role.' },
    );
    assert.deepEqual(r.errors, {
      role: ['Pick a real role.'],
      first_name: ['The first name field must be at least 2 characters.'],
      code: ['The code is reserved.'],
    });
  });

  it('collects every failing rule of a field, and returns the validated subset', () => {
    const r = validate({ pin: 'ab', extra: 1 }, { pin: 'integer|min:4' });
    assert.deepEqual(r.errors, { pin: ['The pin field must be an integer.', 'The pin field must be at least 4 characters.'] });
    const ok = validate({ pin: '1234', extra: 1 }, { pin: 'integer|min:4', other: 'string' });
    assert.deepEqual(ok.validated, { pin: '1234' });
  });

  it('unknown rules are programming errors', () => {
    assert.throws(() => validate({ a: 1 }, { a: 'frobnicate' }), /Unknown validation rule \[frobnicate\]/);
  });
});
