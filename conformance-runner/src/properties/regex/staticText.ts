import fc from 'fast-check';
import { isDotSegment } from '../model/pattern';

/**
 * Static URI text that contains regex metacharacters. Characters are RFC 3986 pchars, so they are
 * sent unencoded; `.`, `+`, `*`, `(`, `)` and `$` mean something else in a regex, so a router that
 * compiles static text without escaping it matches other paths, or none (params.literal-static).
 */
const PLAIN = 'abcxyz0123';
const META = '.+*()$';

export function staticTextArb(): fc.Arbitrary<string> {
  const ch = fc.oneof({ arbitrary: fc.constantFrom(...PLAIN), weight: 3 }, { arbitrary: fc.constantFrom(...META, '!', '~', '-', '_'), weight: 2 });
  return fc.array(ch, { minLength: 1, maxLength: 5 }).map((cs) => cs.join('')).filter((t) => !isDotSegment(t));
}

/**
 * Other texts the static text would match if it were read as a regex (anchored), for example
 * "a.b" -> "axb", "v1+2" -> "v112", "(x)" -> "x". Empty when the reading matches only itself or
 * the text is not even a valid regex.
 */
export function regexReadings(text: string): string[] {
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${text})$`);
  } catch {
    return [];
  }
  const candidates = new Set<string>();
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const before = text.slice(0, i);
    const after = text.slice(i + 1);
    if (c === '.') { candidates.add(`${before}x${after}`); candidates.add(`${before}7${after}`); }
    if ((c === '+' || c === '*') && i > 0) {
      candidates.add(before + text[i - 1] + after);
      candidates.add(before + after);
      candidates.add(text.slice(0, i - 1) + after);
    }
  }
  candidates.add(text.replace(/[()]/g, ''));
  return [...candidates].filter((t) => t !== text && t !== '' && !isDotSegment(t) && re.test(t) && /^[A-Za-z0-9\-._~!$&'()*+,;=:@]+$/.test(t));
}
