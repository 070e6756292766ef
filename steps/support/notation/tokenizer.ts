/**
 * Tokenizer for the route notation of the features: the spec's own PHP-like router API
 * (`$router->get('/x', [EchoController::class, 'int'])->name('x');`). It knows only the few
 * token kinds that notation needs, so a typo is reported with its line and column instead of
 * being guessed at.
 */

export type TokenKind =
  | 'variable' // $router
  | 'ident' // get, fn, EchoController, class, true...
  | 'string'
  | 'number'
  | 'punct' // ( ) [ ] { } , ; -> => :: ...  -
  | 'eof';

export interface Token {
  kind: TokenKind;
  /** The decoded value for strings, the text otherwise. */
  value: string;
  line: number;
  column: number;
}

export class NotationError extends Error {
  override name = 'NotationError';
  constructor(message: string, readonly line: number, readonly column: number) {
    super(`route notation, line ${line}, column ${column}: ${message}`);
  }
}

const PUNCTUATION = ['...', '->', '=>', '::', '(', ')', '[', ']', '{', '}', ',', ';', '-'];

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const here = (): { line: number; column: number } => ({ line, column: i - lineStart + 1 });

  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '\n') {
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      i++;
      continue;
    }
    if (source.startsWith('//', i) || ch === '#') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    const at = here();
    if (ch === '$') {
      const m = /^\$[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i));
      if (!m) throw new NotationError('"$" must start a variable name such as $router', at.line, at.column);
      tokens.push({ kind: 'variable', value: m[0], ...at });
      i += m[0].length;
      continue;
    }
    if (/[A-Za-z_\\]/.test(ch)) {
      const m = /^[A-Za-z_\\][A-Za-z0-9_\\]*/.exec(source.slice(i))!;
      tokens.push({ kind: 'ident', value: m[0], ...at });
      i += m[0].length;
      continue;
    }
    if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      const m = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/.exec(source.slice(i))!;
      tokens.push({ kind: 'number', value: m[0], ...at });
      i += m[0].length;
      continue;
    }
    if (ch === "'" || ch === '"') {
      const { value, end, lines, lastLineStart } = readString(source, i, at);
      tokens.push({ kind: 'string', value, ...at });
      if (lines > 0) {
        line += lines;
        lineStart = lastLineStart;
      }
      i = end;
      continue;
    }
    const punct = PUNCTUATION.find((p) => source.startsWith(p, i));
    if (punct) {
      tokens.push({ kind: 'punct', value: punct, ...at });
      i += punct.length;
      continue;
    }
    throw new NotationError(`unexpected character ${JSON.stringify(ch)}`, at.line, at.column);
  }
  tokens.push({ kind: 'eof', value: '', ...here() });
  return tokens;
}

/**
 * PHP string literals. Single quotes: only \' and \\ are escapes, so regexes such as '\d+' are
 * written exactly as in PHP. Double quotes: the usual escapes plus \u{hex}; an unknown escape
 * stays as written (PHP does the same), so "\d" is still \d.
 */
function readString(source: string, start: number, at: { line: number; column: number }) {
  const quote = source[start]!;
  let i = start + 1;
  let value = '';
  let lines = 0;
  let lastLineStart = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === quote) return { value, end: i + 1, lines, lastLineStart };
    if (ch === '\n') {
      lines++;
      lastLineStart = i + 1;
    }
    if (ch === '\\' && i + 1 < source.length) {
      const next = source[i + 1]!;
      if (quote === "'") {
        if (next === "'" || next === '\\') {
          value += next;
          i += 2;
          continue;
        }
      } else {
        const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', $: '$', '0': '\0' };
        if (simple[next] !== undefined) {
          value += simple[next];
          i += 2;
          continue;
        }
        const unicode = /^\\u\{([0-9A-Fa-f]{1,6})\}/.exec(source.slice(i));
        if (unicode) {
          value += String.fromCodePoint(parseInt(unicode[1]!, 16));
          i += unicode[0].length;
          continue;
        }
        const hex = /^\\x([0-9A-Fa-f]{1,2})/.exec(source.slice(i));
        if (hex) {
          value += String.fromCharCode(parseInt(hex[1]!, 16));
          i += hex[0].length;
          continue;
        }
      }
    }
    value += ch;
    i++;
  }
  throw new NotationError(`unterminated string (opened with ${quote})`, at.line, at.column);
}
