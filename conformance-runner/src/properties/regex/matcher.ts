import { charSet, type Node, type Regex, type Seq } from './ast';

/** The step budget of a counted match ran out: the regex backtracks too much on that input. */
export class BacktrackBudgetExceeded extends Error {
  override name = 'BacktrackBudgetExceeded';
  constructor(readonly budget: number) {
    super(`backtracking matcher exceeded ${budget} steps`);
  }
}

export interface CountedMatch { matched: boolean; steps: number }

/**
 * A naive backtracking matcher over the AST (the same strategy as PCRE and JavaScript: greedy,
 * alternatives left to right) that counts its steps. It is how the tests measure backtracking
 * without timing anything: a regex that is safe for this matcher is safe for those engines.
 * Strings are over UNRESERVED (characters outside it never match a class here).
 */
export function countedMatch(re: Regex, input: string, budget = 1_000_000): CountedMatch {
  let steps = 0;
  const sets = new Map<Node, Set<string>>();
  const setOf = (node: Node & { t: 'lit' | 'class' | 'esc' }): Set<string> => {
    let s = sets.get(node);
    if (!s) { s = new Set(charSet(node)); sets.set(node, s); }
    return s;
  };
  type K = (pos: number) => boolean;

  const tick = () => {
    if (++steps > budget) throw new BacktrackBudgetExceeded(budget);
  };

  const seq = (s: Seq, idx: number, pos: number, k: K): boolean => {
    tick();
    if (idx === s.items.length) return k(pos);
    return node(s.items[idx]!, pos, (p) => seq(s, idx + 1, p, k));
  };

  const node = (n: Node, pos: number, k: K): boolean => {
    tick();
    switch (n.t) {
      case 'lit': case 'class': case 'esc':
        return pos < input.length && setOf(n).has(input[pos]!) && k(pos + 1);
      case 'group':
        return n.alts.some((alt) => seq(alt, 0, pos, k));
      case 'quant': {
        const rec = (count: number, at: number): boolean => {
          tick();
          // An iteration that consumed nothing cannot help once the minimum is reached.
          if ((n.max === null || count < n.max)
            && node(n.atom, at, (p) => (p === at && count >= n.min ? false : rec(count + 1, p)))) return true;
          return count >= n.min && k(at);
        };
        return rec(0, pos);
      }
    }
  };

  const matched = seq(re, 0, 0, (p) => p === input.length);
  return { matched, steps };
}
