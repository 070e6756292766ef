/**
 * The syntax tree of a JavaScript regular expression without flags (so not
 * in Unicode mode: Annex B syntax, matching by UTF-16 code unit), as the
 * linear-time matcher needs it. Produced by ./parse.ts.
 */

/** A set of UTF-16 code units as sorted, disjoint, inclusive [from, to] ranges. */
export type CharSet = ReadonlyArray<readonly [number, number]>;

export type RegexNode =
  | { readonly t: 'empty' }
  | { readonly t: 'char'; readonly set: CharSet }
  | { readonly t: 'seq'; readonly items: readonly RegexNode[] }
  | { readonly t: 'alt'; readonly alts: readonly RegexNode[] }
  /** `index` > 0 for a capturing group, 0 for `(?:…)`. */
  | { readonly t: 'group'; readonly index: number; readonly body: RegexNode }
  | { readonly t: 'repeat'; readonly body: RegexNode; readonly min: number; readonly max: number; readonly greedy: boolean }
  | { readonly t: 'assert'; readonly kind: 'start' | 'end' | 'word' | 'nonword' }
  | { readonly t: 'look'; readonly ahead: boolean; readonly negated: boolean; readonly body: RegexNode };

export const INFINITE = Number.POSITIVE_INFINITY;

export function normalizeSet(ranges: Array<[number, number]>): CharSet {
  const sorted = ranges.filter(([a, b]) => a <= b).sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export function invertSet(set: CharSet): CharSet {
  const out: Array<[number, number]> = [];
  let next = 0;
  for (const [a, b] of set) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= 0xffff) out.push([next, 0xffff]);
  return out;
}

export function setsOverlap(x: CharSet, y: CharSet): boolean {
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const a = x[i] as readonly [number, number];
    const b = y[j] as readonly [number, number];
    if (a[1] < b[0]) i++;
    else if (b[1] < a[0]) j++;
    else return true;
  }
  return false;
}

export function setHas(set: CharSet, code: number): boolean {
  let lo = 0;
  let hi = set.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = set[mid] as readonly [number, number];
    if (code < a) hi = mid - 1;
    else if (code > b) lo = mid + 1;
    else return true;
  }
  return false;
}

export const DIGIT: CharSet = [[48, 57]];
export const WORD: CharSet = normalizeSet([[48, 57], [65, 90], [95, 95], [97, 122]]);
export const SPACE: CharSet = normalizeSet([
  [9, 13], [32, 32], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029],
  [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff],
]);
/** What `.` matches without the `s` flag: anything but line terminators. */
export const DOT: CharSet = invertSet(normalizeSet([[10, 10], [13, 13], [0x2028, 0x2029]]));
