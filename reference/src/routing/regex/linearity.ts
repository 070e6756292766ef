import { setsOverlap, type CharSet, type RegexNode } from './ast';

/**
 * Whether a backtracking engine (V8's irregexp) provably matches `node`,
 * anchored at one position and followed by the end of the input, in time
 * linear in the input. Such patterns keep the native engine; every other one
 * goes to LinearRegExp.
 *
 * The proof covers a plain sequence of single characters and character sets,
 * each optionally quantified, where every variable repetition is followed by
 * something it cannot match: its set is disjoint from every set that can come
 * next (up to and including the first one that must match). Then, once a
 * repetition has stopped, giving characters back can only fail at the very
 * next step, so each repetition backtracks at most once over its characters.
 * `[0-9]+`, `[a-z0-9-]+`, `\d{4}`, `[^/]+`, `[a-z]+-[0-9]+` and `.+` qualify;
 * alternations, look-arounds, anchors, nested repetitions and `\d+\d+` do not.
 */
export function backtracksLinearly(node: RegexNode): boolean {
  const items: Array<{ set: CharSet; min: number; max: number }> = [];
  if (!flatten(node, items)) return false;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.min === item.max) continue;
    for (let j = i + 1; j < items.length; j++) {
      const next = items[j]!;
      if (setsOverlap(item.set, next.set)) return false;
      if (next.min > 0) break;
    }
  }
  return true;
}

function flatten(node: RegexNode, out: Array<{ set: CharSet; min: number; max: number }>): boolean {
  switch (node.t) {
    case 'empty':
      return true;
    case 'char':
      out.push({ set: node.set, min: 1, max: 1 });
      return true;
    case 'seq':
      return node.items.every((item) => flatten(item, out));
    case 'group':
      return flatten(node.body, out);
    case 'repeat': {
      const body = unwrap(node.body);
      if (body.t !== 'char') return false;
      if (node.max === 0) return true;
      out.push({ set: body.set, min: node.min, max: node.max });
      return true;
    }
    default:
      return false;
  }
}

function unwrap(node: RegexNode): RegexNode {
  return node.t === 'group' ? unwrap(node.body) : node.t === 'seq' && node.items.length === 1 ? unwrap(node.items[0]!) : node;
}
