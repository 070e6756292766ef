import { inLanguage } from '../regex/oracle';

/**
 * URI patterns as the spec defines them (Route parameters): segments that are static text, taken
 * literally, or a whole-segment parameter `{name}` / `{name:regex}`. The properties only register
 * patterns of this shape, so this model needs no more.
 */
export type PatternSegment =
  | { kind: 'static'; text: string }
  | { kind: 'param'; name: string; constraint?: string };

const PARAM = /^\{([A-Za-z_][A-Za-z0-9_]*)(?::(.+))?\}$/s;

/** Splits a URI pattern ("/users/{id:[0-9]+}") into its segments; "/" has none. */
export function parsePattern(uri: string): PatternSegment[] {
  const body = uri.startsWith('/') ? uri.slice(1) : uri;
  if (body === '') return [];
  return body.split('/').map((text) => {
    const m = PARAM.exec(text);
    if (!m) return { kind: 'static', text };
    return m[2] === undefined ? { kind: 'param', name: m[1]! } : { kind: 'param', name: m[1]!, constraint: m[2] };
  });
}

/** The path part of a raw request target, split into raw segments ("/" has none). */
export function pathSegments(rawPath: string): string[] {
  const q = rawPath.indexOf('?');
  const path = q === -1 ? rawPath : rawPath.slice(0, q);
  const body = path.startsWith('/') ? path.slice(1) : path;
  return body === '' ? [] : body.split('/');
}

/** Percent-decodes once; null when the encoding is malformed (behaviour not shown by the spec). */
export function decodeOnce(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * Matches raw request segments against a pattern. Returns the decoded parameter values in URI
 * order, or null. A `{name}` parameter matches one non-empty segment (params.default-constraint);
 * a constrained one matches when the decoded segment is in the regex's language.
 */
export function matchSegments(pattern: PatternSegment[], raw: string[]): string[] | null {
  if (pattern.length !== raw.length) return null;
  const values: string[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const seg = pattern[i]!;
    const got = raw[i]!;
    if (seg.kind === 'static') {
      if (got !== seg.text) return null;
      continue;
    }
    const value = decodeOnce(got);
    if (value === null || value === '') return null;
    if (seg.constraint !== undefined && !inLanguage(seg.constraint, value)) return null;
    values.push(value);
  }
  return values;
}

/**
 * Whether some path could match both patterns. Constrained parameters are treated as matching
 * anything, which over-approximates: the generators use it to keep tables unambiguous.
 */
export function overlaps(a: PatternSegment[], b: PatternSegment[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((s, i) => {
    const t = b[i]!;
    return s.kind === 'param' || t.kind === 'param' || s.text === t.text;
  });
}

/** "." and ".." are dot-segments (RFC 3986 §3.3) that clients and servers may rewrite. */
export function isDotSegment(value: string): boolean {
  return value === '.' || value === '..';
}
