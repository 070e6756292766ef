import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clipStrings, clipText, isSmall, safeStringify } from '../../src/protocol/clip';

describe('clip: texts a target makes long', () => {
  it('clipText keeps short texts and states the clip of long ones', () => {
    assert.equal(clipText('abc', 3), 'abc');
    assert.equal(clipText('abcdef', 3), 'abc… (6 characters, clipped to 3)');
    assert.equal(clipText('y'.repeat(1_000_000), 2000), `${'y'.repeat(2000)}… (1,000,000 characters, clipped to 2,000)`);
  });

  it('never cuts a surrogate pair in half', () => {
    const clipped = clipText('ab😀cd', 3);
    assert.ok(clipped.startsWith('ab…'), clipped);
  });

  it('clipStrings clips values and member names at any depth, and returns small values as they are', () => {
    const small = { a: ['b', { c: 'd' }] };
    assert.equal(clipStrings(small, 10), small);
    const long = 'z'.repeat(50);
    assert.deepEqual(clipStrings({ [long]: [{ k: long }] }, 10), {
      [clipText(long, 10)]: [{ k: clipText(long, 10) }],
    });
  });

  it('clipStrings replaces what is nested past its depth by clipped JSON text', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i += 1) deep = [deep];
    const clipped = JSON.stringify(clipStrings(deep, 20, 3));
    assert.match(clipped, /^\[\[\["\[\[\[\[/);
  });

  it('isSmall stops counting at its limit', () => {
    assert.equal(isSmall([], 1), true);
    assert.equal(isSmall({ a: [1, 2, 3] }, 10), true);
    assert.equal(isSmall(new Array(500_000).fill(0), 200), false);
    assert.equal(isSmall('s'.repeat(100_000), 200), false);
    assert.equal(isSmall(undefined, 1), true);
  });

  it('safeStringify shows what JSON.stringify refuses, even nested deeper than the stack', () => {
    let deep: unknown[] = [];
    for (let i = 0; i < 1_000_000; i += 1) deep = [deep];
    assert.equal(safeStringify(deep), '(a list that cannot be shown)');
    assert.equal(safeStringify(10n), '10');
  });
});

describe('AdapterError', () => {
  it('clips the adapter\'s text it quotes', async () => {
    const { AdapterError } = await import('../../src/protocol/errors');
    const err = new AdapterError(`the adapter could not serve GET /x (internal): ${'m'.repeat(1_000_000)}`);
    assert.match(err.message, /^the adapter could not serve GET \/x \(internal\): m+… \(1,000,047 characters, clipped to 4,000\)$/);
  });
});
