import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_INPUT_DEPTH, validate } from '../../src/validation/Validator';
import type { Rules } from '../../src/validation/rules';

/** Nested arrays `depth` deep, built without recursion (JSON.parse is iterative in V8). */
function nested(depth: number): unknown {
  return JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
}

// Every shape a client can send (JSON, forms, query strings), plus what programmatic callers add.
const cyclic: Record<string, unknown> = { a: 1 };
cyclic.self = cyclic;
const HOSTILE: Record<string, () => unknown> = {
  'object with toString': () => JSON.parse('{"toString":1}'),
  'object with valueOf and toString': () => JSON.parse('{"valueOf":1,"toString":1}'),
  'list of objects with toString': () => JSON.parse('[{"toString":1}]'),
  'object with toJSON': () => JSON.parse('{"toJSON":1}'),
  'object with a __proto__ member': () => JSON.parse('{"__proto__":{"toString":1}}'),
  'object with a constructor member': () => JSON.parse('{"constructor":{"prototype":{"polluted":1}}}'),
  'empty object': () => ({}),
  'huge number (1e400 → Infinity)': () => JSON.parse('1e400'),
  'huge negative number': () => JSON.parse('-1e400'),
  'huge integer text': () => '9'.repeat(400),
  'huge exponent text': () => '1e999999',
  'negative zero': () => -0,
  'nested 100,000 deep': () => nested(100_000),
  'nested 33 deep': () => nested(MAX_INPUT_DEPTH + 1),
  'long list': () => new Array(100_000).fill(0),
  'long text': () => 'x'.repeat(1024 * 1024),
  'cyclic object': () => cyclic,
  'throwing Symbol.toPrimitive': () => ({ [Symbol.toPrimitive]() { throw new Error('toPrimitive ran'); } }),
  'throwing getter': () => Object.defineProperty({}, 'length', { enumerable: true, get() { throw new Error('getter ran'); } }),
  'bigint': () => 10n ** 30n,
  'symbol': () => Symbol('x'),
  'function': () => () => 1,
};

const RULES: Rules = {
  value: 'required|string|max:50',
};
const RULE_SETS: string[] = [
  'required|string|max:50', 'string|min:2', 'integer|min:13', 'numeric|max:3', 'boolean', 'array|max:2',
  'array|min:1', 'email', 'in:a,b,1', 'nullable|min:1|max:5', 'required',
];

describe('validate() on hostile input', () => {
  for (const [label, make] of Object.entries(HOSTILE)) {
    it(`never throws, and answers with messages: ${label}`, () => {
      for (const set of RULE_SETS) {
        const result = validate({ value: make() }, { ...RULES, value: set });
        for (const messages of Object.values(result.errors)) {
          for (const message of messages) assert.equal(typeof message, 'string', `${set}: ${String(message)}`);
        }
        // What a controller does next with the errors (the 422 body): must not throw either.
        JSON.stringify(result.errors);
      }
    });
  }

  it('an object with toString is not a string, and is measured by its members, not cast', () => {
    const result = validate(JSON.parse('{"title":{"toString":1},"age":{"valueOf":1}}'), {
      title: 'required|string|max:100',
      age: 'integer|min:13',
    });
    assert.deepEqual(result.errors, {
      title: ['The title field must be a string.'],
      age: ['The age field must be an integer.', 'The age field must have at least 13 items.'],
    });
  });

  it('in never matches a list or a map, even one whose text would match', () => {
    assert.deepEqual(validate({ role: ['a'] }, { role: 'in:a' }).errors, { role: ['The selected role is invalid.'] });
    assert.deepEqual(validate({ role: { toString: 'a' } }, { role: 'in:a' }).errors, { role: ['The selected role is invalid.'] });
    assert.ok(validate({ role: 1 }, { role: 'in:1' }).passes);
  });

  it(`values nested deeper than ${MAX_INPUT_DEPTH} levels fail with one message`, () => {
    assert.ok(validate({ tags: nested(MAX_INPUT_DEPTH) }, { tags: 'array' }).passes);
    for (const depth of [MAX_INPUT_DEPTH + 1, 100_000]) {
      assert.deepEqual(validate({ tags: nested(depth) }, { tags: 'array' }).errors, {
        tags: [`The tags field must not be nested more than ${MAX_INPUT_DEPTH} levels deep.`],
      });
    }
    assert.equal(validate({ c: cyclic }, { c: 'required' }).passes, false);
  });

  it('integers are those a double holds exactly (decision 4), as numbers or text', () => {
    for (const good of [9007199254740991, -9007199254740991, '9007199254740991', '-12', -0]) {
      assert.ok(validate({ n: good }, { n: 'integer' }).passes, String(good));
    }
    for (const bad of [9007199254740992, 1e300, JSON.parse('1e400'), '9007199254740992', '9'.repeat(400)]) {
      assert.deepEqual(validate({ n: bad }, { n: 'integer' }).errors, { n: ['The n field must be an integer.'] }, String(bad));
    }
  });

  it('only own data properties are input: inherited members are absent, getters never run', () => {
    assert.deepEqual(validate({}, { constructor: 'required', toString: 'string' }).errors, { constructor: ['The constructor field is required.'] });
    const withGetter = Object.defineProperty({}, 'name', { enumerable: true, get() { throw new Error('getter ran'); } });
    assert.deepEqual(validate(withGetter, { name: 'required' }).errors, { name: ['The name field is required.'] });
  });

  it('a __proto__ member of the input neither reaches other fields nor changes prototypes', () => {
    const data = JSON.parse('{"__proto__":{"name":"smuggled"}}') as Record<string, unknown>;
    assert.deepEqual(validate(data, { name: 'required' }).errors, { name: ['The name field is required.'] });
    const kept = validate(JSON.parse('{"__proto__":"x"}'), { ['__proto__']: 'string' });
    assert.ok(kept.passes);
    assert.equal(Object.getPrototypeOf(kept.validated), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(kept.validated, '__proto__')?.value, 'x');
  });

  it('custom messages are own members of the messages map only', () => {
    assert.deepEqual(validate({}, { a: 'required' }, Object.create({ required: 'inherited' }) as Record<string, string>).errors, {
      a: ['The a field is required.'],
    });
  });

  it('email, numeric and integer take linear time on long near-misses', () => {
    const n = 200_000;
    const cases: Array<[string, unknown]> = [
      ['email', `a@${'.'.repeat(n)} `],
      ['email', `a@a${'.a'.repeat(n / 2)}@`],
      ['email', `${'a'.repeat(n)}@${'a'.repeat(n)}`],
      ['numeric', `${'1'.repeat(n)}x`],
      ['numeric', `1${' '.repeat(n)}x`],
      ['numeric|max:3', `${' '.repeat(n)}1`],
      ['integer', `${'1'.repeat(n)}x`],
    ];
    for (const [rules, value] of cases) {
      const started = performance.now();
      validate({ v: value }, { v: rules });
      const ms = performance.now() - started;
      assert.ok(ms < 200, `${rules} on ${String(value).slice(0, 12)}… took ${ms.toFixed(0)} ms`);
    }
  });

  it('keeps Laravel semantics for the ordinary cases the fixes touch', () => {
    assert.ok(validate({ e: 'a.b@c.d' }, { e: 'email' }).passes);
    for (const bad of ['a@b', '@b.c', 'a@.c', 'a@b.', 'a@@b.c', 'a b@c.d', 'a@b.c@d']) {
      assert.equal(validate({ e: bad }, { e: 'email' }).passes, false, bad);
    }
    for (const good of ['1', ' 1.5 ', '-.5', '1.', '1e3', '+2E-3']) assert.ok(validate({ n: good }, { n: 'numeric' }).passes, good);
    for (const bad of ['.', 'e3', '1e', '1..2', '--1']) assert.equal(validate({ n: bad }, { n: 'numeric' }).passes, false, bad);
    assert.deepEqual(validate({ s: '😀😀😀' }, { s: 'max:2' }).errors, { s: ['The s field must not be greater than 2 characters.'] });
    assert.ok(validate({ s: '😀😀' }, { s: 'max:2' }).passes);
    assert.deepEqual(validate({ m: { a: 1, b: 2, c: 3 } }, { m: 'max:2' }).errors, { m: ['The m field must not have more than 2 items.'] });
  });
});
