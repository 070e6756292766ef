/**
 * Route constraints that count against an implementation must mean the same in every engine a
 * framework of the spec's family may use: ECMAScript (no flags) and PCRE2 (PHP's preg_*). The spec
 * names no regex dialect. These are the constructs that exist in one only, or differ between them;
 * a constraint without them is in the common subset (the traceability gate enforces it for every
 * must and implied scenario, and the property generator only produces such constraints).
 */
const DENIED: ReadonlyArray<[RegExp, string]> = [
  [/\(\?[=!]/, 'look-ahead (an engine feature the spec never names)'],
  [/\(\?<[=!]/, 'look-behind (an engine feature the spec never names)'],
  [/\(\?P?<[A-Za-z_]/, 'named group (PCRE2 and ECMAScript name them differently; the route already names the parameter)'],
  [/\(\?[A-Za-z^-]+[:)]/, 'inline flags or modifiers (PCRE2 only)'],
  [/\(\?[>|#]/, 'atomic group, branch reset or comment (PCRE2 only)'],
  [/(?:[*+?}])\+/, 'possessive quantifier (PCRE2 only)'],
  [/\\[1-9]|\\k</, 'back-reference'],
  [/\\[AzZGRXhHvVKQEpPgNC]/, 'an escape that exists in PCRE2 only (\\A \\z \\Z \\G \\R \\h \\p ...)'],
  [/\\[uc]/, 'an escape that exists in ECMAScript only (\\u, \\c)'],
  [/\[:[a-z]+:\]/, 'POSIX class [:alpha:] (PCRE2 only)'],
  [/\[\^?\]/, 'an empty class [] or [^] (ECMAScript only)'],
  [/(?<![\\[])\^|(?<!\\)\$/, 'an anchor ^ or $ inside a constraint ($ also matches before a final newline in PCRE2)'],
  [/\\[dDwWsS]-[^\]]/, 'a range that starts at a class escape such as [\\d-z] (an error in PCRE2)'],
];

/** Why `source` is outside the common subset; empty when it is inside. */
export function portabilityProblems(source: string): string[] {
  const problems: string[] = [];
  try {
    new RegExp(source);
  } catch (err) {
    problems.push(`not a valid ECMAScript regex: ${(err as Error).message}`);
  }
  // Escaped backslashes cannot start an escape: take them out before looking for constructs.
  const text = source.replace(/\\\\/g, '');
  for (const [pattern, why] of DENIED) if (pattern.test(text)) problems.push(why);
  return problems;
}

/** The constraints written in a URI pattern: `{name:regex}` with balanced braces inside the regex. */
export function constraintsOf(uri: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < uri.length; i++) {
    if (uri[i] !== '{') continue;
    let depth = 1;
    let j = i + 1;
    for (; j < uri.length && depth > 0; j++) {
      if (uri[j] === '\\') { j++; continue; }
      if (uri[j] === '{') depth++;
      else if (uri[j] === '}') depth--;
    }
    const inner = uri.slice(i + 1, j - 1);
    const colon = inner.indexOf(':');
    if (colon !== -1) out.push(inner.slice(colon + 1));
    i = j - 1;
  }
  return out;
}
