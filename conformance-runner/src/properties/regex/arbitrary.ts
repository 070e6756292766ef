import fc from 'fast-check';
import {
  RANGE_RUNS, UNRESERVED, charSet, quantBounds,
  type Atom, type CharClass, type ClassItem, type Esc, type Group, type Lit, type Node, type QuantForm, type Regex, type Seq,
} from './ast';
import { isSafe } from './safety';

/**
 * fast-check arbitraries for constraints in the agreed subset, for strings of their language
 * (built from the AST, so in the language by construction), and for mutations of those strings
 * (classified afterwards by the oracle, since a mutant may still be in the language).
 */

export const unreservedChar = (): fc.Arbitrary<string> => fc.constantFrom(...UNRESERVED);

const litArb: fc.Arbitrary<Lit> = unreservedChar().map((ch) => ({ t: 'lit', ch }));
const escArb: fc.Arbitrary<Esc> = fc.constantFrom<'d' | 'w'>('d', 'w').map((e) => ({ t: 'esc', e }));

const rangeArb: fc.Arbitrary<ClassItem> = fc.constantFrom(...RANGE_RUNS).chain((run) =>
  fc.tuple(fc.nat(run.length - 1), fc.nat(run.length - 1)).map(([a, b]) => ({
    t: 'range' as const, from: run[Math.min(a, b)]!, to: run[Math.max(a, b)]!,
  })));

const classItemArb: fc.Arbitrary<ClassItem> = fc.oneof(
  { arbitrary: unreservedChar().map((ch): ClassItem => ({ t: 'char', ch })), weight: 3 },
  { arbitrary: rangeArb, weight: 3 },
  { arbitrary: escArb.map((e): ClassItem => ({ t: 'esc', e: e.e })), weight: 1 },
);

/** Classes whose language within UNRESERVED is non-empty (else no value could ever match). */
const classArb: fc.Arbitrary<CharClass> = fc
  .record({ negated: fc.boolean(), items: fc.array(classItemArb, { minLength: 1, maxLength: 4 }) })
  .map(({ negated, items }): CharClass => ({ t: 'class', negated, items }))
  .filter((c) => charSet(c).length > 0);

const oneCharArb: fc.Arbitrary<Lit | CharClass | Esc> = fc.oneof(
  { arbitrary: litArb, weight: 3 },
  { arbitrary: classArb, weight: 3 },
  { arbitrary: escArb, weight: 1 },
);

const plainSeqArb: fc.Arbitrary<Seq> = fc.array(oneCharArb, { minLength: 1, maxLength: 3 }).map((items) => ({ t: 'seq', items }));

/** A group safe to repeat: plain alternatives with pairwise disjoint first characters. */
const repeatableGroupArb: fc.Arbitrary<Group> = fc
  .array(plainSeqArb, { minLength: 1, maxLength: 3 })
  .map((alts): Group => ({ t: 'group', alts }))
  .filter((g) => isSafe({ t: 'seq', items: [{ t: 'quant', atom: g, min: 1, max: null, form: '+' }] }));

const quantShape: fc.Arbitrary<{ form: QuantForm; min: number; max: number | null }> = fc.oneof(
  fc.constantFrom<QuantForm>('*', '+', '?').map((form) => ({ form, ...quantBounds(form) })),
  fc.integer({ min: 1, max: 4 }).map((m) => ({ form: '{m}' as const, ...quantBounds('{m}', m) })),
  fc.integer({ min: 0, max: 3 }).map((m) => ({ form: '{m,}' as const, ...quantBounds('{m,}', m) })),
  fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 3 })).map(([m, d]) => ({ form: '{m,n}' as const, ...quantBounds('{m,n}', m, m + d) })),
);

function quantified(atom: fc.Arbitrary<Atom>): fc.Arbitrary<Node> {
  return fc.tuple(atom, quantShape).map(([a, q]) => ({ t: 'quant', atom: a, ...q }));
}

/** Nodes at a nesting depth; groups that are not repeated may hold anything shallower. */
function nodeArb(depth: number): fc.Arbitrary<Node> {
  const options: Array<{ arbitrary: fc.Arbitrary<Node>; weight: number }> = [
    { arbitrary: oneCharArb, weight: 4 },
    { arbitrary: quantified(oneCharArb), weight: 4 },
    { arbitrary: quantified(repeatableGroupArb), weight: 1 },
  ];
  if (depth > 0) {
    const group = fc.array(seqArb(depth - 1), { minLength: 2, maxLength: 3 }).map((alts): Group => ({ t: 'group', alts }));
    options.push({ arbitrary: group, weight: 2 });
    options.push({ arbitrary: group.map((g): Node => ({ t: 'quant', atom: g, ...quantBounds('?'), form: '?' })), weight: 1 });
  }
  return fc.oneof(...options);
}

function seqArb(depth: number): fc.Arbitrary<Seq> {
  return fc.array(nodeArb(depth), { minLength: 1, maxLength: 4 }).map((items) => ({ t: 'seq', items }));
}

/** Constraints: safe by construction, and checked again so a generator slip cannot reach a target. */
export function regexArb(): fc.Arbitrary<Regex> {
  return seqArb(1).filter(isSafe);
}

/** How many extra iterations an unbounded quantifier generates at most. */
const EXTRA_ITERATIONS = 3;

/** Strings of the regex's language over UNRESERVED. */
export function languageString(re: Regex): fc.Arbitrary<string> {
  return seqString(re);
}

function seqString(seq: Seq): fc.Arbitrary<string> {
  if (seq.items.length === 0) return fc.constant('');
  return fc.tuple(...seq.items.map(nodeString)).map((parts) => parts.join(''));
}

function nodeString(node: Node): fc.Arbitrary<string> {
  switch (node.t) {
    case 'lit': return fc.constant(node.ch);
    case 'class': case 'esc': return fc.constantFrom(...charSet(node));
    case 'group': return fc.oneof(...node.alts.map(seqString));
    case 'quant': {
      const max = node.max === null ? node.min + EXTRA_ITERATIONS : node.max;
      return fc.array(nodeString(node.atom), { minLength: node.min, maxLength: max }).map((parts) => parts.join(''));
    }
  }
}

export type Mutation = { op: 'insert' | 'replace' | 'delete' | 'append' | 'prepend' | 'double'; pos: number; ch: string };

export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom<Mutation['op']>('insert', 'replace', 'delete', 'append', 'prepend', 'double'),
  pos: fc.nat(63),
  ch: unreservedChar(),
});

/** Applies a mutation; the result may or may not be in the language (the oracle decides). */
export function mutate(value: string, m: Mutation): string {
  const at = value.length === 0 ? 0 : m.pos % value.length;
  switch (m.op) {
    case 'insert': return value.slice(0, at) + m.ch + value.slice(at);
    case 'replace': return value.length === 0 ? m.ch : value.slice(0, at) + m.ch + value.slice(at + 1);
    case 'delete': return value.slice(0, at) + value.slice(at + 1);
    case 'append': return value + m.ch;
    case 'prepend': return m.ch + value;
    case 'double': return value + value;
  }
}

