import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { UNRESERVED, charSet, firstSet, renderRegex, walk, type Regex } from '../../src/properties/regex/ast';
import { languageString, mutate, mutationArb, regexArb } from '../../src/properties/regex/arbitrary';
import { BacktrackBudgetExceeded, countedMatch } from '../../src/properties/regex/matcher';
import { anchored, inLanguage } from '../../src/properties/regex/oracle';
import { SubsetError, parseRegex } from '../../src/properties/regex/parse';
import { MAX_REPEATS, checkSafety, isSafe } from '../../src/properties/regex/safety';

const SEED = 20240611;
const RUNS = 400;
/** Steps the counted matcher may take on a 50-character input; catastrophic regexes need millions. */
const BUDGET = 200_000;

test('generated constraints compile in JavaScript and never contain "/" or a stray brace', () => {
  fc.assert(fc.property(regexArb(), (re) => {
    const source = renderRegex(re);
    assert.doesNotThrow(() => new RegExp(source), source);
    assert.ok(!source.includes('/'), source);
    // Braces only as {m}, {m,} or {m,n} quantifiers: removing those leaves none.
    assert.ok(!/[{}]/.test(source.replace(/\{\d+(,\d*)?\}/g, '')), source);
  }), { seed: SEED, numRuns: RUNS });
});

test('generated constraints are in the agreed subset: they parse back to the same AST', () => {
  fc.assert(fc.property(regexArb(), (re) => {
    assert.deepEqual(parseRegex(renderRegex(re)), re);
  }), { seed: SEED, numRuns: RUNS });
});

test('generated constraints pass the structural safety check', () => {
  fc.assert(fc.property(regexArb(), (re) => {
    const verdict = checkSafety(re);
    assert.ok(verdict.safe, `${renderRegex(re)}: ${verdict.reason}`);
  }), { seed: SEED, numRuns: RUNS });
});

test('strings generated from the AST are in the anchored regex language (JS engine and AST matcher)', () => {
  const arb = regexArb().chain((re) => fc.tuple(fc.constant(re), languageString(re)));
  fc.assert(fc.property(arb, ([re, value]) => {
    const source = renderRegex(re);
    assert.ok([...value].every((ch) => UNRESERVED.includes(ch)), JSON.stringify(value));
    assert.ok(anchored(source).test(value), `${JSON.stringify(value)} should match ${source}`);
    assert.equal(countedMatch(re, value).matched, true);
  }), { seed: SEED, numRuns: RUNS });
});

test('mutated strings are classified by the oracle, and the oracle agrees with the AST matcher', () => {
  let inside = 0;
  let outside = 0;
  const arb = regexArb().chain((re) => fc.tuple(fc.constant(re), languageString(re), mutationArb));
  fc.assert(fc.property(arb, ([re, value, m]) => {
    const mutant = mutate(value, m);
    const verdict = inLanguage(renderRegex(re), mutant);
    assert.equal(countedMatch(re, mutant).matched, verdict, `${renderRegex(re)} on ${JSON.stringify(mutant)}`);
    if (verdict) inside++; else outside++;
  }), { seed: SEED, numRuns: RUNS });
  // Mutation must produce both kinds, or the property would only ever test one side.
  assert.ok(inside > RUNS / 20, `only ${inside} mutants stayed in the language`);
  assert.ok(outside > RUNS / 4, `only ${outside} mutants left the language`);
});

/** Inputs built to make a backtracking engine work hardest on this regex: long runs of its own characters. */
function adversarial(re: Regex): string[] {
  const chars = new Set<string>();
  for (const node of walk(re)) {
    if (node.t === 'lit' || node.t === 'class' || node.t === 'esc') for (const ch of charSet(node).slice(0, 3)) chars.add(ch);
  }
  const first = [...firstSet(re)][0] ?? 'a';
  const out: string[] = [];
  for (const ch of chars) {
    out.push(ch.repeat(50), `${ch.repeat(49)}~`, `${ch.repeat(49)}!`.slice(0, 50));
    out.push(`${first}${ch.repeat(48)}-`);
  }
  return out;
}

test('no generated constraint backtracks catastrophically on adversarial 50-character inputs (step count)', () => {
  let worst = 0;
  fc.assert(fc.property(regexArb(), (re) => {
    for (const input of adversarial(re)) {
      const { steps } = countedMatch(re, input, BUDGET);
      worst = Math.max(worst, steps);
    }
  }), { seed: SEED, numRuns: RUNS });
  assert.ok(worst < BUDGET, `worst case ${worst} steps`);
});

test('the counted matcher exposes a catastrophic regex that the safety check rejects', () => {
  const bad = parseRegex('(?:a|aa)+b');
  assert.equal(isSafe(bad), false);
  assert.throws(() => countedMatch(bad, `${'a'.repeat(40)}c`, BUDGET), BacktrackBudgetExceeded);
  const nested = parseRegex('(?:a(?:b+))+');
  assert.equal(isSafe(nested), false);
});

test('the safety check rejects nested quantifiers and overlapping alternatives under repetition', () => {
  const rejected = ['(?:a+)+', '(?:a*)*', '(?:a|a)*', '(?:a|ab)+', '(?:ab?b?)+', '(?:[a-c]|b)+', '(?:\\d|1)*',
    'a{7}', `${'[a-z]*'.repeat(MAX_REPEATS + 1)}`];
  for (const source of rejected) assert.equal(isSafe(parseRegex(source)), false, source);
  const accepted = ['[a-z]+', '(?:ab|cd)+', '(?:a|b)*c', '\\d{2,4}-[a-z]*', '(?:x[0-9]+|y)?z', '(?:a|ab)', '[^a-z]{0,3}'];
  for (const source of accepted) assert.equal(isSafe(parseRegex(source)), true, source);
});

test('the subset parser rejects what JavaScript and PCRE do not agree on, or what breaks {name:regex}', () => {
  const outside = ['a|b', '(a)', '(?<n>a)', '(?=a)', '\\s', '\\b', '.', 'a{2', 'a{,3}', '[a-]', '[]', 'a**', 'a+?', 'a/b',
    '[a-Z]', '[z-a]', '\\1', 'é', '^a', 'a$', '{3}'];
  for (const source of outside) assert.throws(() => parseRegex(source), SubsetError, source);
});
