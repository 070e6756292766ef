import { firstSet, isPlainString, walk, type Node, type Regex } from './ast';

/**
 * Structural proof that a constraint cannot backtrack catastrophically in any backtracking engine
 * (PCRE, JavaScript, Java...). A target must never hang because of the suite's own input, so every
 * generated regex passes this check (the generator filters on it and the unit tests assert it).
 *
 * The rules make every repetition unambiguous, which bounds backtracking polynomially:
 * 1. A repeating quantifier (max > 1) applies only to a one-character atom, or to a group whose
 *    alternatives are fixed-length plain strings with pairwise disjoint first characters: each
 *    iteration is then decided by its first character and cannot be split in two ways.
 *    This excludes nested quantifiers such as `(?:a+)+` and overlapping alternatives under a
 *    quantifier such as `(?:a|ab)*`.
 * 2. At most MAX_REPEATS repeating quantifiers per regex, and bounded ones repeat at most
 *    MAX_BOUND times: overlapping repetitions in sequence (`\d*\d*\d*`) cost O(n^k), and k stays
 *    small.
 */
export const MAX_REPEATS = 3;
export const MAX_BOUND = 6;

export interface SafetyVerdict { safe: boolean; reason?: string }

export function checkSafety(re: Regex): SafetyVerdict {
  let repeats = 0;
  for (const node of walk(re)) {
    if (node.t !== 'quant') continue;
    if (node.max !== null && node.max > MAX_BOUND) return { safe: false, reason: `bound ${node.max} exceeds ${MAX_BOUND}` };
    if (node.min > MAX_BOUND) return { safe: false, reason: `bound ${node.min} exceeds ${MAX_BOUND}` };
    if (node.max !== null && node.max <= 1) continue;
    repeats++;
    const why = unambiguousBody(node.atom);
    if (why) return { safe: false, reason: why };
  }
  if (repeats > MAX_REPEATS) return { safe: false, reason: `${repeats} repeating quantifiers (at most ${MAX_REPEATS})` };
  return { safe: true };
}

export function isSafe(re: Regex): boolean {
  return checkSafety(re).safe;
}

function unambiguousBody(atom: Node): string | undefined {
  if (atom.t !== 'group') return undefined;
  const seen = new Set<string>();
  for (const alt of atom.alts) {
    if (!isPlainString(alt)) return 'a repeated group must consist of plain fixed-length alternatives (nested or empty repetition)';
    for (const ch of firstSet(alt)) {
      if (seen.has(ch)) return `alternatives of a repeated group overlap on ${JSON.stringify(ch)}`;
      seen.add(ch);
    }
  }
  return undefined;
}
