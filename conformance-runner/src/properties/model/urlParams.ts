import type { UrlParams } from '../../protocol';
import { inLanguage } from '../regex/oracle';
import { decodeOnce, isDotSegment, type PatternSegment } from './pattern';

/**
 * The spec's UrlGenerator::route(name, params): "Map entries that match a route segment fill that
 * segment; any other entry is appended as a query string." The model says which generated URL
 * satisfies that, for parameter maps whose behaviour the spec shows.
 */
export type UrlValue = UrlParams[string];

export interface UrlExpectation {
  /** The path segments of the URL once percent-decoded: static text and filled values. */
  segments: string[];
  /** The route parameters in URI order, as the route's handler receives them. */
  args: string[];
  /** The query entries, decoded, in map order (their order in the URL is not prescribed). */
  query: Array<[string, string]>;
}

/**
 * Why the spec does not show what happens to this value, or null when it does. Empty strings,
 * booleans, null, non-integer numbers, values a segment's constraint rejects and segment values
 * with a "/" are excluded from the counted property (the differential mode still compares them).
 */
export function notShownReason(value: UrlValue, segment?: PatternSegment & { kind: 'param' }): string | null {
  if (value === null) return 'null value';
  if (typeof value === 'boolean') return 'boolean value';
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return 'non-integer number';
  const text = String(value);
  if (text === '') return 'empty string';
  if (segment !== undefined) {
    if (isDotSegment(text)) return 'dot-segment value';
    // Whether an encoded "/" stays one segment is the reference's choice (params.encoded-slash).
    if (text.includes('/')) return 'a "/" inside a segment value';
    if (segment.constraint !== undefined && !inLanguage(segment.constraint, text)) return 'value outside the constraint';
  }
  return null;
}

export type UrlModelResult = { shown: true; expect: UrlExpectation } | { shown: false; reasons: string[] };

export function expectUrl(segments: PatternSegment[], params: UrlParams): UrlModelResult {
  const reasons: string[] = [];
  const filled: string[] = [];
  const args: string[] = [];
  const used = new Set<string>();
  for (const seg of segments) {
    if (seg.kind === 'static') { filled.push(seg.text); continue; }
    if (!Object.prototype.hasOwnProperty.call(params, seg.name)) { reasons.push(`missing parameter ${seg.name}`); continue; }
    const value = params[seg.name]!;
    const why = notShownReason(value, seg);
    if (why) reasons.push(`${seg.name}: ${why}`);
    used.add(seg.name);
    filled.push(String(value));
    args.push(String(value));
  }
  const query: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(params)) {
    if (used.has(key)) continue;
    const why = notShownReason(value);
    if (why) reasons.push(`${key}: ${why}`);
    query.push([key, String(value)]);
  }
  return reasons.length > 0 ? { shown: false, reasons } : { shown: true, expect: { segments: filled, args, query } };
}

/** Characters a URL may carry unencoded (RFC 3986 reserved + unreserved + "%"), "#" excluded. */
const URI_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/;

/** Violations of url.fill-segments and url.query-string by a generated URL. */
export function urlViolations(url: string, expect: UrlExpectation): string[] {
  const problems: string[] = [];
  if (!url.startsWith('/') || url.startsWith('//')) problems.push(`the URL ${JSON.stringify(url)} is not a path (the spec's route() returns a path)`);
  if (/[{}]/.test(url)) problems.push(`the URL ${JSON.stringify(url)} still contains a brace: a segment was not filled`);
  if (url.includes('#')) problems.push(`the URL ${JSON.stringify(url)} contains "#": a value was not percent-encoded`);
  const bad = [...url].filter((ch) => !URI_CHARS.test(ch) && ch !== '{' && ch !== '}' && ch !== '#');
  if (bad.length > 0) problems.push(`the URL ${JSON.stringify(url)} contains characters that must be percent-encoded: ${[...new Set(bad)].map((c) => JSON.stringify(c)).join(' ')}`);
  if (/%(?![0-9A-Fa-f]{2})/.test(url)) problems.push(`the URL ${JSON.stringify(url)} contains a "%" that starts no percent-encoding`);
  if (problems.length > 0) return problems;

  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  const raw = path === '/' ? [] : path.slice(1).split('/');
  const decoded = raw.map((s) => decodeOnce(s));
  const same = decoded.length === expect.segments.length && decoded.every((s, i) => s === expect.segments[i]);
  if (!same) {
    problems.push(`the path ${JSON.stringify(path)} decodes to segments ${JSON.stringify(decoded)}; expected ${JSON.stringify(expect.segments)}`);
  }

  if (q !== -1 && query === '') problems.push(`the URL ${JSON.stringify(url)} ends with an empty query string ("?")`);
  const entries = [...new URLSearchParams(query).entries()];
  const counts = new Map<string, number>();
  for (const [k] of entries) counts.set(k, (counts.get(k) ?? 0) + 1);
  const repeated = [...counts].filter(([, n]) => n > 1).map(([k]) => k);
  if (repeated.length > 0) problems.push(`the query string ${JSON.stringify(query)} repeats ${repeated.join(', ')}`);
  const got = new Map(entries);
  const want = new Map(expect.query);
  const missing = [...want.keys()].filter((k) => !got.has(k));
  const extra = [...got.keys()].filter((k) => !want.has(k));
  if (missing.length > 0) problems.push(`the query string ${JSON.stringify(query)} lacks ${missing.map((k) => JSON.stringify(k)).join(', ')}`);
  if (extra.length > 0) problems.push(`the query string ${JSON.stringify(query)} has unexpected ${extra.map((k) => JSON.stringify(k)).join(', ')}`);
  for (const [k, v] of want) {
    if (got.has(k) && got.get(k) !== v) problems.push(`the query entry ${JSON.stringify(k)} decodes to ${JSON.stringify(got.get(k))}; expected ${JSON.stringify(v)}`);
  }
  return problems;
}
