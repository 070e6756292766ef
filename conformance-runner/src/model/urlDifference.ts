import { differenceOf, type Difference } from './difference';

/**
 * How a generated URL differs from the expected one, as a name (difference.ts): what the spec's
 * one sentence about route() — "entries that match a route segment fill that segment; any other
 * entry is appended as a query string" — can go wrong by, read from the two URLs alone.
 */
export type UrlDifference =
  | Difference
  | 'segment-in-query'  // a segment's entry written into the query, its placeholder left or emptied
  | 'query-dropped'     // the entries that belong in the query left out
  | 'unfilled'          // a placeholder left in the path
  | 'unencoded';        // characters a URL cannot carry written raw

export interface ExpectedUrl {
  /** Decoded path segments. */
  segments: string[];
  /** Decoded query entries. */
  query: Array<[string, string]>;
}

/** The name of the difference, or undefined when the URLs agree or no one transformation explains it. */
export function urlDifference(expected: string | ExpectedUrl, actual: string): UrlDifference | undefined {
  const want = typeof expected === 'string' ? parseUrl(expected) : expected;
  if (want === undefined) return undefined;
  if (/[{}]|%7B|%7D/i.test(actual)) {
    const got = parseUrl(actual.replace(/%7B/gi, '{').replace(/%7D/gi, '}'));
    const wanted = new Set(want.query.map(([k]) => k));
    const values = new Set(want.segments);
    return got !== undefined && got.query.some(([k, v]) => values.has(v) && !wanted.has(k)) ? 'segment-in-query' : 'unfilled';
  }
  if (/[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/.test(actual)) return 'unencoded';
  const got = parseUrl(actual);
  if (got === undefined) return undefined;
  const pathSame = same(got.segments, want.segments);
  const wantQuery = Object.fromEntries(want.query);
  const gotQuery = Object.fromEntries(got.query);
  if (pathSame && want.query.length > 0 && got.query.length === 0) return 'query-dropped';
  if (!pathSame && segmentsMoved(want, got)) return 'segment-in-query';
  return differenceOf({ segments: want.segments, query: wantQuery }, { segments: got.segments, query: gotQuery });
}

/** The URL (a path and query, or absolute) is the expected one: the same decoded segments, the same entries in any order. */
export function sameUrl(expected: string | ExpectedUrl, actual: string): boolean {
  const want = typeof expected === 'string' ? parseUrl(expected) : expected;
  const got = parseUrl(actual);
  if (want === undefined || got === undefined) return false;
  const pairs = (q: Array<[string, string]>) => q.map(([k, v]) => `${k}=${v}`).sort().join('&');
  return same(got.segments, want.segments) && pairs(got.query) === pairs(want.query);
}

/**
 * Every segment that differs was emptied or left out, and its value is in the query under a key
 * the query should not have: the segment's entry went to the query instead.
 */
function segmentsMoved(want: ExpectedUrl, got: ExpectedUrl): boolean {
  const expectedKeys = new Set(want.query.map(([k]) => k));
  const moved = got.query.filter(([k]) => !expectedKeys.has(k)).map(([, v]) => v);
  const differing = want.segments.filter((s, i) => (got.segments.length === want.segments.length ? got.segments[i] !== s : !got.segments.includes(s)));
  const emptied = got.segments.length === want.segments.length ? want.segments.every((s, i) => got.segments[i] === s || got.segments[i] === '') : got.segments.length < want.segments.length;
  return differing.length > 0 && emptied && differing.every((v) => moved.includes(v));
}

/** A path-and-query URL (or an absolute one: its origin is ignored) as decoded segments and entries. */
export function parseUrl(url: string): ExpectedUrl | undefined {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  const rest = origin !== null ? url.slice(origin[0].length) || '/' : url;
  if (!rest.startsWith('/')) return undefined;
  const q = rest.indexOf('?');
  const path = q === -1 ? rest : rest.slice(0, q);
  const query = q === -1 ? '' : rest.slice(q + 1);
  const segments = path === '/' ? [] : path.slice(1).split('/').map(decode);
  return { segments, query: [...new URLSearchParams(query).entries()] };
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function same(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
