import { DIGIT, DOT, INFINITE, SPACE, WORD, invertSet, normalizeSet, type CharSet, type RegexNode } from './ast';

/**
 * Parses the source of a JavaScript regular expression without flags: the
 * grammar of ECMA-262 §22.2.1 with the web-compatibility rules of Annex B.1.2
 * (a `{` that starts no quantifier is literal, `\c` without a letter is a
 * backslash, identity escapes, legacy octal escapes after `\0`, quantified
 * look-aheads).
 *
 * The caller has already compiled the source with `new RegExp`, so it is known
 * to be valid; this parser only has to agree with V8 on what valid sources
 * mean. Named groups and back-references are rejected before it runs
 * (decisions 11 and 29) and are not supported here.
 */
export function parseRegex(source: string): RegexNode {
  const parser = new Parser(source);
  const node = parser.disjunction();
  if (parser.pos !== source.length) throw new SyntaxError(`Unexpected "${source[parser.pos]}" at ${parser.pos} in /${source}/`);
  return node;
}

const CONTROL_ESCAPES: Readonly<Record<string, number>> = { f: 12, n: 10, r: 13, t: 9, v: 11 };

class Parser {
  pos = 0;
  private groups = 0;

  constructor(private readonly src: string) {}

  disjunction(): RegexNode {
    const alts = [this.alternative()];
    while (this.src[this.pos] === '|') {
      this.pos++;
      alts.push(this.alternative());
    }
    return alts.length === 1 ? (alts[0] as RegexNode) : { t: 'alt', alts };
  }

  private alternative(): RegexNode {
    const items: RegexNode[] = [];
    while (this.pos < this.src.length && this.src[this.pos] !== '|' && this.src[this.pos] !== ')') {
      items.push(this.term());
    }
    if (items.length === 0) return { t: 'empty' };
    return items.length === 1 ? (items[0] as RegexNode) : { t: 'seq', items };
  }

  private term(): RegexNode {
    const src = this.src;
    const c = src[this.pos] as string;
    if (c === '^') {
      this.pos++;
      return { t: 'assert', kind: 'start' };
    }
    if (c === '$') {
      this.pos++;
      return { t: 'assert', kind: 'end' };
    }
    if (c === '\\' && (src[this.pos + 1] === 'b' || src[this.pos + 1] === 'B')) {
      this.pos += 2;
      return { t: 'assert', kind: src[this.pos - 1] === 'b' ? 'word' : 'nonword' };
    }
    if (c === '(' && src[this.pos + 1] === '?') {
      const kind = src.slice(this.pos + 2, this.pos + 4);
      if (kind.startsWith('=') || kind.startsWith('!')) {
        this.pos += 3;
        const body = this.disjunction();
        this.expect(')');
        // Annex B: look-aheads may be quantified.
        return this.quantified({ t: 'look', ahead: true, negated: kind.startsWith('!'), body });
      }
      if (kind === '<=' || kind === '<!') {
        this.pos += 4;
        const body = this.disjunction();
        this.expect(')');
        return { t: 'look', ahead: false, negated: kind === '<!', body };
      }
    }
    return this.quantified(this.atom());
  }

  private quantified(atom: RegexNode): RegexNode {
    const src = this.src;
    const c = src[this.pos];
    let min: number;
    let max: number;
    if (c === '*') {
      min = 0;
      max = INFINITE;
      this.pos++;
    } else if (c === '+') {
      min = 1;
      max = INFINITE;
      this.pos++;
    } else if (c === '?') {
      min = 0;
      max = 1;
      this.pos++;
    } else if (c === '{') {
      const m = /^\{(\d+)(?:(,)(\d*))?\}/.exec(src.slice(this.pos));
      // Annex B: a brace that starts no quantifier is a literal (handled by atom()).
      if (m === null) return atom;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? INFINITE : Number(m[3]);
      this.pos += m[0].length;
    } else {
      return atom;
    }
    let greedy = true;
    if (src[this.pos] === '?') {
      greedy = false;
      this.pos++;
    }
    return { t: 'repeat', body: atom, min, max, greedy };
  }

  private atom(): RegexNode {
    const src = this.src;
    const c = src[this.pos] as string;
    if (c === '.') {
      this.pos++;
      return { t: 'char', set: DOT };
    }
    if (c === '(') {
      let index = 0;
      if (src[this.pos + 1] === '?') {
        if (src[this.pos + 2] !== ':') throw new SyntaxError(`Unsupported group at ${this.pos} in /${src}/`);
        this.pos += 3;
      } else {
        index = ++this.groups;
        this.pos++;
      }
      const body = this.disjunction();
      this.expect(')');
      return { t: 'group', index, body };
    }
    if (c === '[') return { t: 'char', set: this.characterClass() };
    if (c === '\\') return this.atomEscape();
    this.pos++;
    return single(c.charCodeAt(0));
  }

  private atomEscape(): RegexNode {
    const src = this.src;
    const e = src[this.pos + 1];
    if (e === undefined) throw new SyntaxError(`\\ at end of pattern /${src}/`);
    const set = classEscape(e);
    if (set !== undefined) {
      this.pos += 2;
      return { t: 'char', set };
    }
    if (e >= '1' && e <= '9') throw new SyntaxError(`Back-references are not supported (/${src}/)`);
    return single(this.characterEscape(false));
  }

  /**
   * The code unit of a character escape at `pos` (which points at the
   * backslash); advances past it. `inClass` enables the class-only forms.
   */
  private characterEscape(inClass: boolean): number {
    const src = this.src;
    const e = src[this.pos + 1] as string;
    const control = CONTROL_ESCAPES[e];
    if (control !== undefined) {
      this.pos += 2;
      return control;
    }
    if (e === 'c') {
      const letter = src[this.pos + 2] ?? '';
      if (/[A-Za-z]/.test(letter) || (inClass && /[0-9_]/.test(letter))) {
        this.pos += 3;
        return letter.charCodeAt(0) % 32;
      }
      // Annex B: "\c" not followed by a control letter is a literal backslash; "c" is read next.
      this.pos += 1;
      return 92;
    }
    if (e === '0' || (inClass && e >= '1' && e <= '7')) {
      // "\0" alone is NUL; followed by octal digits it is a legacy octal escape (Annex B).
      const m = /^(?:[0-3][0-7]{0,2}|[4-7][0-7]?)/.exec(src.slice(this.pos + 1)) as RegExpExecArray;
      this.pos += 1 + m[0].length;
      return parseInt(m[0], 8);
    }
    if (e === 'x') {
      const m = /^[0-9A-Fa-f]{2}/.exec(src.slice(this.pos + 2));
      if (m !== null) {
        this.pos += 4;
        return parseInt(m[0], 16);
      }
    }
    if (e === 'u') {
      const m = /^[0-9A-Fa-f]{4}/.exec(src.slice(this.pos + 2));
      if (m !== null) {
        this.pos += 6;
        return parseInt(m[0], 16);
      }
    }
    if (inClass && e === 'b') {
      this.pos += 2;
      return 8;
    }
    // Identity escape (Annex B: any character but "c"; "\x", "\u" without digits stand for the letter).
    this.pos += 2;
    return e.charCodeAt(0);
  }

  private characterClass(): CharSet {
    const src = this.src;
    this.pos++;
    let negated = false;
    if (src[this.pos] === '^') {
      negated = true;
      this.pos++;
    }
    const ranges: Array<[number, number]> = [];
    while (src[this.pos] !== ']') {
      if (this.pos >= src.length) throw new SyntaxError(`Unterminated class in /${src}/`);
      const low = this.classAtom();
      if (src[this.pos] === '-' && src[this.pos + 1] !== ']' && this.pos + 1 < src.length) {
        this.pos++;
        const high = this.classAtom();
        if (typeof low === 'number' && typeof high === 'number') {
          ranges.push([low, high]);
          continue;
        }
        // Annex B: a range with a class escape at either end is the atoms and a literal "-".
        addAtom(ranges, low);
        ranges.push([45, 45]);
        addAtom(ranges, high);
        continue;
      }
      addAtom(ranges, low);
    }
    this.pos++;
    const set = normalizeSet(ranges);
    return negated ? invertSet(set) : set;
  }

  /** A code unit, or a set for \d \D \s \S \w \W. */
  private classAtom(): number | CharSet {
    const src = this.src;
    const c = src[this.pos] as string;
    if (c !== '\\') {
      this.pos++;
      return c.charCodeAt(0);
    }
    const e = src[this.pos + 1] as string;
    const set = classEscape(e);
    if (set !== undefined) {
      this.pos += 2;
      return set;
    }
    return this.characterEscape(true);
  }

  private expect(c: string): void {
    if (this.src[this.pos] !== c) throw new SyntaxError(`Expected "${c}" at ${this.pos} in /${this.src}/`);
    this.pos++;
  }
}

function classEscape(e: string): CharSet | undefined {
  switch (e) {
    case 'd':
      return DIGIT;
    case 'D':
      return invertSet(DIGIT);
    case 's':
      return SPACE;
    case 'S':
      return invertSet(SPACE);
    case 'w':
      return WORD;
    case 'W':
      return invertSet(WORD);
    default:
      return undefined;
  }
}

function single(code: number): RegexNode {
  return { t: 'char', set: [[code, code]] };
}

function addAtom(ranges: Array<[number, number]>, atom: number | CharSet): void {
  if (typeof atom === 'number') ranges.push([atom, atom]);
  else for (const [a, b] of atom) ranges.push([a, b]);
}
