import fc from 'fast-check';
import type { Manifest, RouteStatement, UrlParams } from '../../protocol';
import { UNRESERVED } from '../regex/ast';
import { parsePattern } from '../model/pattern';
import { expectUrl, type UrlValue } from '../model/urlParams';
import type { Check, Extra, Plan } from '../engine/plan';
import type { PropertyDefinition } from '../engine/definition';

/**
 * Property 3 (url.fill-segments, url.query-string, url.round-trip, named.name): for named routes
 * `/u<i>/...` with `{p<k>}` and `{p<k>:[0-9]+}` segments, POST /__fw/url with a parameter map
 * answers a path where every segment is filled with its value (decoded once), every other entry
 * appears exactly once in the query string (decoded by URLSearchParams), and requesting that URL
 * reaches the route (closure `args`) with the same values. Maps with values whose treatment the spec
 * does not show (empty strings, booleans, null, non-integers, values the constraint rejects) are
 * only compared against the oracle; a wrong URL for values that need percent-encoding is charged to
 * url.encoding (reference), while their round trip stays url.round-trip's.
 */
export type UrlSegSpec = { kind: 'static'; word: string } | { kind: 'param' } | { kind: 'digits' };

export interface ParamMapCase {
  /** Values for the route's parameters in URI order (cycled). */
  values: UrlValue[];
  /** Digit-constrained parameters take these instead. */
  digits: UrlValue[];
  /** Entries that match no segment: they belong in the query string. */
  extra: Array<[string, UrlValue]>;
  /** Sort keys that interleave segment and query entries in the map. */
  order: number[];
}

export interface UrlRouteCase { segs: UrlSegSpec[]; maps: ParamMapCase[] }
export interface UrlCase { routes: UrlRouteCase[] }

/** Characters that must be percent-encoded in a path segment or a query value. */
const SPECIAL = [' ', '/', '?', '&', '%', '#', '+', '=', ':', '@', 'é', '€', '😀', '"', '<'];
const QUERY_KEYS = ['q', 'sort', 'page', 'tag', 'filter', 'a_b'];

const textArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: fc.constantFrom(...UNRESERVED), minLength: 1, maxLength: 6 }), weight: 2 },
  { arbitrary: fc.string({ unit: fc.constantFrom(...UNRESERVED.slice(0, 10), ...SPECIAL), minLength: 1, maxLength: 6 }), weight: 3 },
);

const notShownArb: fc.Arbitrary<UrlValue> = fc.constantFrom<UrlValue>('', true, false, null, 1.5, -0.25);

const segmentValueArb: fc.Arbitrary<UrlValue> = fc.oneof(
  { arbitrary: textArb, weight: 10 },
  { arbitrary: fc.integer({ min: 0, max: 99999 }), weight: 2 },
  { arbitrary: notShownArb, weight: 1 },
);

const digitsValueArb: fc.Arbitrary<UrlValue> = fc.oneof(
  { arbitrary: fc.stringMatching(/^[0-9]{1,4}$/), weight: 6 },
  { arbitrary: fc.integer({ min: 0, max: 99999 }), weight: 4 },
  { arbitrary: fc.oneof(notShownArb, fc.constantFrom<UrlValue>('abc', '-1', '1.5')), weight: 1 },
);

const queryValueArb: fc.Arbitrary<UrlValue> = fc.oneof(
  { arbitrary: textArb, weight: 8 },
  { arbitrary: fc.integer({ min: -999, max: 99999 }), weight: 2 },
  { arbitrary: notShownArb, weight: 1 },
);

const mapArb: fc.Arbitrary<ParamMapCase> = fc.record({
  values: fc.array(segmentValueArb, { minLength: 1, maxLength: 3 }),
  digits: fc.array(digitsValueArb, { minLength: 1, maxLength: 2 }),
  extra: fc.uniqueArray(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValueArb), { maxLength: 3, selector: ([k]) => k }),
  order: fc.array(fc.nat(9), { minLength: 6, maxLength: 6 }),
});

const segArb: fc.Arbitrary<UrlSegSpec> = fc.oneof(
  { arbitrary: fc.constantFrom('a', 'list', 'x.y').map((word): UrlSegSpec => ({ kind: 'static', word })), weight: 1 },
  { arbitrary: fc.constant<UrlSegSpec>({ kind: 'param' }), weight: 2 },
  { arbitrary: fc.constant<UrlSegSpec>({ kind: 'digits' }), weight: 1 },
);

export function urlCaseArb(): fc.Arbitrary<UrlCase> {
  return fc.record({
    routes: fc.array(fc.record({
      segs: fc.array(segArb, { minLength: 0, maxLength: 3 }),
      maps: fc.array(mapArb, { minLength: 1, maxLength: 3 }),
    }), { minLength: 1, maxLength: 3 }),
  });
}

export function routeName(i: number): string {
  return `u${i}.show`;
}

export function uriOf(i: number, segs: UrlSegSpec[]): string {
  let k = 0;
  const parts = segs.map((s) => (s.kind === 'static' ? s.word : s.kind === 'param' ? `{p${k++}}` : `{p${k++}:[0-9]+}`));
  return `/u${i}${parts.length > 0 ? '/' : ''}${parts.join('/')}`;
}

/** The parameter map of a case, in the generated key order. */
export function paramsOf(segs: UrlSegSpec[], m: ParamMapCase): UrlParams {
  const entries: Array<[string, UrlValue]> = [];
  let k = 0;
  let v = 0;
  let d = 0;
  for (const s of segs) {
    if (s.kind === 'static') continue;
    entries.push([`p${k++}`, s.kind === 'param' ? m.values[v++ % m.values.length]! : m.digits[d++ % m.digits.length]!]);
  }
  entries.push(...m.extra);
  const keyed = entries.map((e, i) => ({ e, key: m.order[i % m.order.length]!, i }));
  keyed.sort((a, b) => a.key - b.key || a.i - b.i);
  return Object.fromEntries(keyed.map((x) => x.e));
}

/** Whether a key or a value of the map has characters a URL may write in more than one way. */
export function needsEncoding(params: UrlParams): boolean {
  const plain = (text: string) => [...text].every((ch) => UNRESERVED.includes(ch));
  return Object.entries(params).some(([k, v]) => !plain(k) || !plain(String(v)));
}

export function planUrlCase(value: UrlCase): Plan {
  const web: RouteStatement[] = value.routes.map((r, i) => ({
    method: 'GET', uri: uriOf(i, r.segs), handler: { closure: 'args' }, chain: [{ name: routeName(i) }],
  }));
  const manifest: Manifest = { protocol: 2, routeFiles: { web } };
  const checks: Check[] = [];
  const extras: Extra[] = [];
  value.routes.forEach((r, i) => {
    const segments = parsePattern(web[i]!.uri);
    for (const m of r.maps) {
      const params = paramsOf(r.segs, m);
      const model = expectUrl(segments, params);
      if (!model.shown) {
        extras.push({ kind: 'url', name: routeName(i), params, follow: 'GET', note: model.reasons.join('; ') });
        continue;
      }
      checks.push({
        kind: 'url', name: routeName(i), params, expect: model.expect,
        follow: { method: 'GET', expect: { status: 200, body: { kind: 'args', values: model.expect.args }, route: `GET ${web[i]!.uri}` } },
        rule: model.expect.query.length > 0 ? 'url.query-string' : 'url.fill-segments',
        // A value with characters outside RFC 3986's unreserved set has more than one written form
        // (raw or percent-encoded, which characters): choosing one is url.encoding's, a reference
        // rule. Maps of unreserved values alone, which have one form, test the counted rules.
        ...(needsEncoding(params) ? { charges: { 'url-wrong': 'url.encoding' } } : {}),
      });
    }
  });
  return { manifest, checks, extras };
}

export const urlGeneration: PropertyDefinition<UrlCase> = {
  name: 'url-generation',
  title: 'route(name, params) fills every segment, appends exactly the other entries as a query string, and leads back to the route',
  rules: ['url.fill-segments', 'url.query-string', 'url.round-trip', 'named.name'],
  capabilities: ['named-routes', 'url-generation'],
  arbitrary: urlCaseArb,
  plan: planUrlCase,
};
