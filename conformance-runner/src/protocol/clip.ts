/**
 * Texts a target can make as long as it likes (a value in a failure message, a framework's error
 * message, a member name) are clipped before cucumber, the console or a report holds them: a
 * 1,000,000-character echo copied into every format once took 3 GB and left no report. A clip
 * says so, and says how long the text was, so that a reader knows what is missing.
 */
export const CLIP = {
  /** An implementation's name, version or language. */
  nameChars: 200,
  /** One value shown in a failure message (an echo, a body, a header). */
  valueChars: 1000,
  /** A whole failure message, or any other message kept in a report. */
  messageChars: 4000,
  /** One string of a stored attachment (above the 8 KiB bodies of exchange records, so those keep theirs). */
  storedChars: 10_000,
  /** Values compared by a diff: over this many nodes, the failure carries no actual/expected. */
  diffNodes: 200,
} as const;

const number = new Intl.NumberFormat('en-US');

/** `text`, or its head and `… (1,000,000 characters, clipped to 2,000)`. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let head = text.slice(0, max);
  // A surrogate pair cut in half would be an invalid character in every format.
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head}… (${number.format(text.length)} characters, clipped to ${number.format(max)})`;
}

/**
 * A copy of a JSON-like value whose strings and member names are clipped to `max`; values nested
 * deeper than `depth` are replaced by their clipped JSON text (the copy recurses, the input may not
 * be shallow). Returns the value itself when nothing needed clipping.
 */
export function clipStrings(value: unknown, max: number, depth = 64): unknown {
  if (typeof value === 'string') return clipText(value, max);
  if (value === null || typeof value !== 'object') return value;
  if (depth <= 0) return clipText(safeStringify(value), max);
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const c = clipStrings(v, max, depth - 1);
      if (c !== v) changed = true;
      return c;
    });
    return changed ? out : value;
  }
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = clipText(k, max);
    const c = clipStrings(v, max, depth - 1);
    if (key !== k || c !== v) changed = true;
    out[key] = c;
  }
  return changed ? out : value;
}

/**
 * Whether a value has at most `limit` nodes (strings count their length / 100): counted
 * iteratively and stopped at the limit, so asking about a 500,000-element array costs nothing.
 */
export function isSmall(value: unknown, limit: number): boolean {
  let budget = limit;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    budget -= typeof v === 'string' ? 1 + Math.floor(v.length / 100) : 1;
    if (budget < 0) return false;
    if (v === null || typeof v !== 'object') continue;
    const children = Array.isArray(v) ? v : Object.values(v);
    if (children.length > budget) return false;
    for (const c of children) stack.push(c);
  }
  return true;
}

/** JSON text of a value that JSON.stringify may refuse (cycles, BigInt, nesting deeper than the stack). */
export function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    try {
      return String(value);
    } catch {
      return `(a ${Array.isArray(value) ? 'list' : typeof value} that cannot be shown)`;
    }
  }
}
