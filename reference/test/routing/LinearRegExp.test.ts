import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { RegexNode } from '../../src/routing/regex/ast';
import { backtracksLinearly } from '../../src/routing/regex/linearity';
import { LinearRegExp, MAX_PROGRAM_SIZE } from '../../src/routing/regex/LinearRegExp';
import { parseRegex } from '../../src/routing/regex/parse';
import { compileRouteRegExp } from '../../src/routing/regex/RouteRegExp';

/** What V8 answers for "anchored at start, up to the end", with the text of `groups`. */
function native(source: string, groups: readonly number[], input: string, start: number): Array<string | undefined> | null {
  const re = new RegExp(`(?:${source})$`, 'y');
  re.lastIndex = start;
  const m = re.exec(input);
  if (m === null) return null;
  return groups.map((g) => m[g]);
}

/**
 * The capture groups outside repetitions and look-arounds: where the router's
 * parameters always are. (Inside a look-around LinearRegExp records nothing;
 * inside nested repetitions that can match "" its submatches may differ from
 * a backtracking engine's, as RE2's do.)
 */
function comparableGroups(node: RegexNode, out: number[] = []): number[] {
  switch (node.t) {
    case 'group':
      if (node.index > 0) out.push(node.index);
      comparableGroups(node.body, out);
      break;
    case 'seq':
      node.items.forEach((n) => comparableGroups(n, out));
      break;
    case 'alt':
      node.alts.forEach((n) => comparableGroups(n, out));
      break;
    default:
      break;
  }
  return out;
}

function agrees(source: string, input: string, start = 0): void {
  const ast = parseRegex(source);
  const groups = comparableGroups(ast);
  assert.deepEqual(
    new LinearRegExp(ast, groups).exec(input, start),
    native(source, groups, input, start),
    `/${source}/ on ${JSON.stringify(input)} from ${start}`,
  );
}

// -- a generator of JavaScript regex sources (no flags), small enough for V8 to run on short inputs

const ALPHABET = ['a', 'b', '-', '/', '1'];
const charArb = fc.constantFrom('a', 'b', '-', '\\/', '1', '.', '\\d', '\\w', '\\s', '\\W', '[ab]', '[^a]', '[a-b1]', '[\\d-]', '[-a]', '[^]', '[]', '\\x61', '\\u0062', '\\-');
const quantArb = fc.constantFrom('', '', '*', '+', '?', '*?', '+?', '??', '{2}', '{0,2}', '{1,}', '{1,3}?');
const assertArb = fc.constantFrom('^', '$', '\\b', '\\B');

const sourceArb: fc.Arbitrary<string> = fc.letrec((tie) => ({
  atom: fc.oneof(
    { arbitrary: charArb, weight: 6 },
    { arbitrary: tie('disj').map((d) => `(${d})`), weight: 2 },
    { arbitrary: tie('disj').map((d) => `(?:${d})`), weight: 2 },
  ),
  term: fc.oneof(
    { arbitrary: fc.tuple(tie('atom') as fc.Arbitrary<string>, quantArb).map(([a, q]) => a + q), weight: 8 },
    { arbitrary: assertArb, weight: 1 },
    { arbitrary: tie('disj').map((d) => `(?=${d})`), weight: 1 },
    { arbitrary: tie('disj').map((d) => `(?!${d})`), weight: 1 },
    { arbitrary: tie('disj').map((d) => `(?<=${d})`), weight: 1 },
    { arbitrary: tie('disj').map((d) => `(?<!${d})`), weight: 1 },
  ),
  alt: fc.array(tie('term') as fc.Arbitrary<string>, { minLength: 0, maxLength: 4 }).map((t) => t.join('')),
  disj: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: tie('alt') as fc.Arbitrary<string>, weight: 4 },
    { arbitrary: fc.tuple(tie('alt') as fc.Arbitrary<string>, tie('alt') as fc.Arbitrary<string>).map(([x, y]) => `${x}|${y}`), weight: 1 },
  ),
})).disj as fc.Arbitrary<string>;

const inputArb = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 10 }).map((c) => c.join(''));

describe('LinearRegExp', () => {
  it('agrees with V8 on matches and every capture (random patterns and inputs)', () => {
    fc.assert(
      fc.property(sourceArb, inputArb, fc.nat(3), (source, input, start) => {
        agrees(source, input, Math.min(start, input.length));
      }),
      { numRuns: Number(process.env.REGEX_RUNS ?? 3000) },
    );
  });

  it('follows Annex B syntax like V8', () => {
    const cases: Array<[string, string[]]> = [
      ['a{', ['a{', 'a']],
      ['a{1', ['a{1']],
      ['a{,2}', ['a{,2}', 'aa']],
      ['}]', ['}]']],
      ['\\c', ['\\c', 'c']],
      ['[\\c1]', ['\x11', '1']],
      ['\\cJ', ['\n']],
      ['\\0', ['\0']],
      ['\\012', ['\n', '\x0112']],
      ['\\08', ['\x008']],
      ['\\x4', ['x4']],
      ['\\u{2}', ['uu', 'u{2}']],
      ['\\k', ['k']],
      ['\\p{L}', ['p{L}', 'pL']],
      ['[\\d-z]', ['5', '-', 'z', 'y']],
      ['[\\b]', ['\b', 'b']],
      ['[a-]', ['a', '-']],
      ['[\\--/]', ['-', '.', '/', '0']],
      ['(?=a)*a', ['a']],
      ['.', ['\n', '\r', '\u2028', 'x', '\u00e9']],
      ['\\s', [' ', '\u00a0', '\ufeff', '\u200b', '\v']],
      ['\\S+', ['é€', ' ']],
      ['(a*)*b', ['aab', 'b', 'aa']],
      ['(a|ab)(c|bcd)(d*)', ['abcd', 'abcdd']],
      ['(?:a?)+?b', ['aab']],
      ['(a?){2,}', ['', 'a', 'aaa']],
    ];
    for (const [source, inputs] of cases) for (const input of inputs) agrees(source, input);
  });

  it('evaluates look-arounds against the whole input', () => {
    agrees('[a-z]+(?=\\/end)\\/([^/]+)', '/la/abc/end', 4);
    agrees('[a-z]+(?=\\/end)\\/([^/]+)', '/la/abc/other', 4);
    agrees('((?<!lb\\/)[a-z]+)', '/lb/abc', 4);
    agrees('((?<=lb\\/)[a-z]+)', '/lb/abc', 4);
    agrees('(?<=(?=b)..)b', 'abb', 1);
  });

  it('matches catastrophic patterns on long inputs without backtracking', { timeout: 60_000 }, () => {
    const attack = 'a'.repeat(5000) + '!';
    for (const source of ['(a+)+b', '(a|a)*b', '(a*)*b', '(\\w+\\s?)+$', '\\d*\\d*\\d*x', '(?:a|ab)*c']) {
      const re = compileRouteRegExp(source);
      assert.equal(re.engine, 'linear', source);
      assert.equal(re.test(attack), false, source);
    }
    assert.equal(compileRouteRegExp('(a+)+b').test('a'.repeat(5000) + 'b'), true);
    assert.deepEqual(compileRouteRegExp('(a|a)*(b)', [2]).exec('a'.repeat(5000) + 'b'), ['b']);
  });

  it('keeps the native engine where backtracking is provably linear', () => {
    for (const source of ['[0-9]+', '[^/]+', '[a-zA-Z0-9-]+', '\\d{4}', '[0-9]{1,2}', '[a-z]+-[0-9]+', '.+', '[a-z]*', 'abc']) {
      assert.ok(backtracksLinearly(parseRegex(source)), source);
      assert.equal(compileRouteRegExp(source).engine, 'native', source);
    }
    for (const source of ['(a+)+b', '[a-z0-9-]+-[0-9]+', '\\d+\\d+', '(jpg|png)', 'a(?=b)', '^a', '.+\\/raw', '(?:ab)+']) {
      assert.ok(!backtracksLinearly(parseRegex(source)), source);
    }
  });

  it('refuses programs too large to build', () => {
    assert.throws(() => compileRouteRegExp('(?:a{1000}){1000}'), RangeError);
  });

  it('bounds the instructions of the main program and its look-arounds together', () => {
    // Each look-around under the cap, twelve of them over it: 25 such manifests once held 6.5 GB.
    const looks = Array.from({ length: 12 }, (_, i) => `(?=${'abcdefghijkl'[i]}{${MAX_PROGRAM_SIZE / 10}})`).join('');
    assert.throws(() => new LinearRegExp(parseRegex(`${looks}a`)), RangeError);
  });

  it('compiles a repeated look-around once, and keeps one test per character set', () => {
    const once = new LinearRegExp(parseRegex('(?:(?=a{100})a){50}'));
    assert.equal(once.size, 50 * 2 + 1 + 101, 'fifty LOOK and CHAR pairs and MATCH, one look-around program: a{100} and its MATCH');
    assert.equal(once.test('a'.repeat(149)), false);
    assert.equal(once.test('a'.repeat(50)), false);
    assert.equal(new LinearRegExp(parseRegex('(?:(?=a*)a){3}')).test('aaa'), true);
  });
});
