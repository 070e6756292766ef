/**
 * The `Allow` header read as an RFC 9110 §5.6.1 list: elements separated by commas with optional
 * whitespace, empty elements ignored. HEAD and OPTIONS are set apart because some frameworks add
 * them implicitly; the spec only speaks of the methods routes are registered with.
 */
export interface ParsedAllow {
  /** Methods in the order listed, without HEAD and OPTIONS, duplicates included. */
  methods: string[];
  /** Methods listed more than once (HEAD and OPTIONS included). */
  duplicates: string[];
  /** Elements that are not RFC 9110 tokens. */
  invalid: string[];
  /** HEAD / OPTIONS entries seen. */
  implicit: string[];
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const IMPLICIT = new Set(['HEAD', 'OPTIONS']);

export function parseAllow(header: string): ParsedAllow {
  const out: ParsedAllow = { methods: [], duplicates: [], invalid: [], implicit: [] };
  const seen = new Set<string>();
  for (const part of header.split(',')) {
    const element = part.replace(/^[ \t]+|[ \t]+$/g, '');
    if (element === '') continue;
    if (!TOKEN.test(element)) { out.invalid.push(element); continue; }
    if (seen.has(element) && !out.duplicates.includes(element)) out.duplicates.push(element);
    seen.add(element);
    if (IMPLICIT.has(element)) out.implicit.push(element);
    else out.methods.push(element);
  }
  return out;
}

/**
 * Violations of "Allow lists exactly `expected`" (errors.allow-header, errors.allow-exact). Repeats
 * are apart (allowRepeats): RFC 9110 does not forbid them, so listing a method twice is charged to a
 * reference rule only.
 */
export function allowViolations(header: string | undefined, expected: readonly string[]): string[] {
  if (header === undefined) return [`the 405 response has no Allow header (expected ${expected.join(', ')})`];
  const parsed = parseAllow(header);
  const problems: string[] = [];
  if (parsed.invalid.length > 0) problems.push(`Allow "${header}" has elements that are not method tokens: ${parsed.invalid.map((e) => JSON.stringify(e)).join(', ')}`);
  const got = new Set(parsed.methods);
  const missing = expected.filter((m) => !got.has(m));
  const extra = [...got].filter((m) => !expected.includes(m));
  if (missing.length > 0 || extra.length > 0) {
    problems.push(`Allow "${header}" should list exactly ${expected.join(', ')} (HEAD/OPTIONS ignored)` +
      (missing.length > 0 ? `; missing ${missing.join(', ')}` : '') + (extra.length > 0 ? `; unexpected ${extra.join(', ')}` : ''));
  }
  return problems;
}

/** "Allow lists each method once" (errors.allow-once, reference level). */
export function allowRepeats(header: string | undefined): string[] {
  if (header === undefined) return [];
  const parsed = parseAllow(header);
  return parsed.duplicates.length > 0 ? [`Allow "${header}" lists ${parsed.duplicates.join(', ')} more than once`] : [];
}
