/**
 * The constraint-regex subset on which JavaScript and PCRE agree, as an AST. Generated constraints
 * are ASTs rendered to text, so the suite knows each regex's structure: it can build strings of its
 * language by construction and prove the regex cannot backtrack catastrophically (./safety.ts).
 *
 * Segment values are restricted to the RFC 3986 unreserved characters, so a value is sent in the
 * request line exactly as it is and the target's raw-path match and decoded value coincide.
 */

/** RFC 3986 unreserved characters: the only characters a generated segment value contains. */
export const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

export const DIGITS = '0123456789';
export const WORD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_';

/** Runs of the alphabet inside which a class range `[x-y]` may be drawn (ASCII order). */
export const RANGE_RUNS = ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', DIGITS] as const;

export type ClassItem =
  | { t: 'char'; ch: string }
  | { t: 'range'; from: string; to: string }
  | { t: 'esc'; e: 'd' | 'w' };

export interface Lit { t: 'lit'; ch: string }
export interface CharClass { t: 'class'; negated: boolean; items: ClassItem[] }
export interface Esc { t: 'esc'; e: 'd' | 'w' }
/** A non-capturing group `(?:a|b)`; capturing groups are outside the subset. */
export interface Group { t: 'group'; alts: Seq[] }
export type Atom = Lit | CharClass | Esc | Group;

/** `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}`; `max` null means unbounded. */
export interface Quant { t: 'quant'; atom: Atom; min: number; max: number | null; form: QuantForm }
export type QuantForm = '*' | '+' | '?' | '{m}' | '{m,}' | '{m,n}';

export type Node = Atom | Quant;
export interface Seq { t: 'seq'; items: Node[] }

/** A whole constraint: a concatenation (top-level alternation stays out; see the property). */
export type Regex = Seq;

/** Characters of the regex source that need a backslash to stand for themselves outside a class. */
const META_OUTSIDE = new Set(['.', '^', '$', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '\\', '/']);
/** Inside a class `]`, `\`, `^` and `-` are special; escaping them keeps position irrelevant. */
const META_INSIDE = new Set([']', '\\', '^', '-', '[']);

export function escapeOutside(ch: string): string {
  return META_OUTSIDE.has(ch) ? `\\${ch}` : ch;
}

function escapeInside(ch: string): string {
  return META_INSIDE.has(ch) ? `\\${ch}` : ch;
}

export function renderRegex(re: Regex): string {
  return renderSeq(re);
}

function renderSeq(seq: Seq): string {
  return seq.items.map(renderNode).join('');
}

function renderNode(node: Node): string {
  if (node.t === 'quant') return renderAtom(node.atom) + renderQuant(node);
  return renderAtom(node);
}

function renderAtom(atom: Atom): string {
  switch (atom.t) {
    case 'lit': return escapeOutside(atom.ch);
    case 'esc': return `\\${atom.e}`;
    case 'class': return `[${atom.negated ? '^' : ''}${atom.items.map(renderClassItem).join('')}]`;
    case 'group': return `(?:${atom.alts.map(renderSeq).join('|')})`;
  }
}

function renderClassItem(item: ClassItem): string {
  switch (item.t) {
    case 'char': return escapeInside(item.ch);
    case 'range': return `${item.from}-${item.to}`;
    case 'esc': return `\\${item.e}`;
  }
}

function renderQuant(q: Quant): string {
  switch (q.form) {
    case '*': case '+': case '?': return q.form;
    case '{m}': return `{${q.min}}`;
    case '{m,}': return `{${q.min},}`;
    case '{m,n}': return `{${q.min},${q.max}}`;
  }
}

/** The quantifier's bounds as its form states them (`*` is {0,}, `+` is {1,}, `?` is {0,1}). */
export function quantBounds(form: QuantForm, m = 0, n: number | null = null): { min: number; max: number | null } {
  switch (form) {
    case '*': return { min: 0, max: null };
    case '+': return { min: 1, max: null };
    case '?': return { min: 0, max: 1 };
    case '{m}': return { min: m, max: m };
    case '{m,}': return { min: m, max: null };
    case '{m,n}': return { min: m, max: n };
  }
}

/** The characters of UNRESERVED an atom matches, for one-character atoms. */
export function charSet(atom: Lit | CharClass | Esc): string[] {
  if (atom.t === 'lit') return [atom.ch];
  if (atom.t === 'esc') return escSet(atom.e);
  const inClass = new Set<string>();
  for (const item of atom.items) for (const ch of classItemSet(item)) inClass.add(ch);
  return [...UNRESERVED].filter((ch) => inClass.has(ch) !== atom.negated);
}

function escSet(e: 'd' | 'w'): string[] {
  return [...(e === 'd' ? DIGITS : WORD)].filter((ch) => UNRESERVED.includes(ch));
}

function classItemSet(item: ClassItem): string[] {
  if (item.t === 'char') return [item.ch];
  if (item.t === 'esc') return escSet(item.e);
  const from = item.from.charCodeAt(0);
  const to = item.to.charCodeAt(0);
  return [...UNRESERVED].filter((ch) => ch.charCodeAt(0) >= from && ch.charCodeAt(0) <= to);
}

/** Whether the node can match the empty string. */
export function nullable(node: Node | Seq): boolean {
  switch (node.t) {
    case 'seq': return node.items.every(nullable);
    case 'quant': return node.min === 0 || nullable(node.atom);
    case 'group': return node.alts.some(nullable);
    default: return false;
  }
}

/** Characters that can start a non-empty match of the node. */
export function firstSet(node: Node | Seq): Set<string> {
  switch (node.t) {
    case 'seq': {
      const out = new Set<string>();
      for (const item of node.items) {
        for (const ch of firstSet(item)) out.add(ch);
        if (!nullable(item)) break;
      }
      return out;
    }
    case 'quant': return node.max === 0 ? new Set() : firstSet(node.atom);
    case 'group': {
      const out = new Set<string>();
      for (const alt of node.alts) for (const ch of firstSet(alt)) out.add(ch);
      return out;
    }
    default: return new Set(charSet(node));
  }
}

/** Whether the seq is a fixed-length string of one-character atoms (no quantifier, no group). */
export function isPlainString(seq: Seq): boolean {
  return seq.items.length > 0 && seq.items.every((n) => n.t === 'lit' || n.t === 'class' || n.t === 'esc');
}

/** Visits every node of a regex, depth first. */
export function* walk(node: Node | Seq): Generator<Node | Seq> {
  yield node;
  if (node.t === 'seq') for (const item of node.items) yield* walk(item);
  else if (node.t === 'quant') yield* walk(node.atom);
  else if (node.t === 'group') for (const alt of node.alts) yield* walk(alt);
}

/** Whether the regex writes a quantifier with braces ({m}, {m,}, {m,n}). */
export function hasBraces(re: Regex): boolean {
  for (const node of walk(re)) if (node.t === 'quant' && node.form.startsWith('{')) return true;
  return false;
}

/**
 * The same language written without brace quantifiers: `a{2}` → `aa`, `a{1,}` → `aa*`,
 * `a{1,3}` → `a(?:a(?:a)?)?`. A target that fails a braced constraint and passes this twin has
 * a problem with braces; one that fails both has a problem with the constraint itself.
 */
export function withoutBraces(re: Regex): Regex {
  return seqWithoutBraces(re);
}

function seqWithoutBraces(seq: Seq): Seq {
  return { t: 'seq', items: seq.items.flatMap(nodeWithoutBraces) };
}

function atomWithoutBraces(atom: Atom): Atom {
  return atom.t === 'group' ? { t: 'group', alts: atom.alts.map(seqWithoutBraces) } : atom;
}

function nodeWithoutBraces(node: Node): Node[] {
  if (node.t !== 'quant') return [atomWithoutBraces(node)];
  const atom = atomWithoutBraces(node.atom);
  if (!node.form.startsWith('{')) return [{ ...node, atom }];
  const copies: Node[] = Array.from({ length: node.min }, () => atom);
  if (node.max === null) return [...copies, { t: 'quant', atom, ...quantBounds('*'), form: '*' }];
  let optional: Node | undefined;
  for (let k = node.max - node.min; k > 0; k--) {
    const inner: Seq = { t: 'seq', items: optional === undefined ? [atom] : [atom, optional] };
    optional = { t: 'quant', atom: { t: 'group', alts: [inner] }, ...quantBounds('?'), form: '?' };
  }
  return optional === undefined ? copies : [...copies, optional];
}
