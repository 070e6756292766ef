import {
  RANGE_RUNS, UNRESERVED, quantBounds,
  type Atom, type ClassItem, type Node, type QuantForm, type Regex, type Seq,
} from './ast';

/** A regex source outside the agreed JavaScript/PCRE subset. */
export class SubsetError extends Error {
  override name = 'SubsetError';
  constructor(readonly source: string, readonly at: number, reason: string) {
    super(`${JSON.stringify(source)} at ${at}: ${reason}`);
  }
}

/**
 * Parses a constraint in the agreed subset back into its AST. The generator's output is checked
 * against this parser in the tests, which is how "every generated regex is in the subset" is
 * proven rather than assumed.
 */
export function parseRegex(source: string): Regex {
  const p = new Parser(source);
  const seq = p.seq();
  if (!p.done()) p.fail(p.peek() === '|' ? 'alternation is only allowed inside (?:...)' : `unexpected ${JSON.stringify(p.peek())}`);
  return seq;
}

const ESCAPABLE_OUTSIDE = new Set(['.', '^', '$', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '\\', '/']);
const ESCAPABLE_INSIDE = new Set([']', '\\', '^', '-', '[']);

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  done(): boolean { return this.i >= this.src.length; }
  peek(): string { return this.src[this.i] ?? ''; }
  fail(reason: string): never { throw new SubsetError(this.src, this.i, reason); }

  private eat(s: string): boolean {
    if (this.src.startsWith(s, this.i)) { this.i += s.length; return true; }
    return false;
  }

  seq(): Seq {
    const items: Node[] = [];
    while (!this.done() && this.peek() !== '|' && this.peek() !== ')') items.push(this.node());
    return { t: 'seq', items };
  }

  private node(): Node {
    const atom = this.atom();
    const q = this.quant();
    if (!q) return atom;
    if ('{*+?'.includes(this.peek()) && this.peek() !== '') this.fail('stacked or lazy/possessive quantifiers are outside the subset');
    return { t: 'quant', atom, ...q };
  }

  private atom(): Atom {
    const ch = this.peek();
    if (this.eat('(?:')) {
      const alts: Seq[] = [this.seq()];
      while (this.eat('|')) alts.push(this.seq());
      if (!this.eat(')')) this.fail('unclosed group');
      return { t: 'group', alts };
    }
    if (ch === '(') this.fail('capturing and special groups are outside the subset');
    if (this.eat('[')) return this.charClass();
    if (this.eat('\\')) {
      const e = this.peek();
      this.i++;
      if (e === 'd' || e === 'w') return { t: 'esc', e };
      if (ESCAPABLE_OUTSIDE.has(e)) return this.literal(e);
      this.fail(`escape \\${e} is outside the subset`);
    }
    if (ESCAPABLE_OUTSIDE.has(ch)) this.fail(`unescaped metacharacter ${JSON.stringify(ch)}`);
    this.i++;
    return this.literal(ch);
  }

  private literal(ch: string): Atom {
    if (!UNRESERVED.includes(ch)) this.fail(`literal ${JSON.stringify(ch)} is not an unreserved URI character`);
    return { t: 'lit', ch };
  }

  private charClass(): Atom {
    const negated = this.eat('^');
    const items: ClassItem[] = [];
    while (!this.eat(']')) {
      if (this.done()) this.fail('unclosed character class');
      items.push(this.classItem());
    }
    if (items.length === 0) this.fail('empty character class');
    return { t: 'class', negated, items };
  }

  private classItem(): ClassItem {
    if (this.eat('\\')) {
      const e = this.peek();
      this.i++;
      if (e === 'd' || e === 'w') return { t: 'esc', e };
      if (ESCAPABLE_INSIDE.has(e) && UNRESERVED.includes(e)) return { t: 'char', ch: e };
      this.fail(`class escape \\${e} is outside the subset`);
    }
    const from = this.peek();
    if (from === '-' || from === '^' || from === '[') this.fail(`${JSON.stringify(from)} must be escaped inside a class`);
    if (!UNRESERVED.includes(from)) this.fail(`class member ${JSON.stringify(from)} is not an unreserved URI character`);
    this.i++;
    if (this.peek() === '-' && this.src[this.i + 1] !== ']') {
      this.i++;
      const to = this.peek();
      this.i++;
      if (!RANGE_RUNS.some((run) => run.includes(from) && run.includes(to) && run.indexOf(from) <= run.indexOf(to))) {
        this.fail(`range ${from}-${to} must lie within a-z, A-Z or 0-9, in order`);
      }
      return { t: 'range', from, to };
    }
    return { t: 'char', ch: from };
  }

  private quant(): { min: number; max: number | null; form: QuantForm } | null {
    const ch = this.peek();
    if (ch === '*' || ch === '+' || ch === '?') {
      this.i++;
      return { ...quantBounds(ch), form: ch };
    }
    if (ch !== '{') return null;
    const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
    if (!m) this.fail('a brace must be a {m}, {m,} or {m,n} quantifier');
    this.i += m[0].length;
    const min = Number(m[1]);
    if (m[2] === undefined) return { ...quantBounds('{m}', min), form: '{m}' };
    if (m[3] === '') return { ...quantBounds('{m,}', min), form: '{m,}' };
    const max = Number(m[3]);
    if (max < min) this.fail(`quantifier {${min},${max}} is out of order`);
    return { ...quantBounds('{m,n}', min, max), form: '{m,n}' };
  }
}
