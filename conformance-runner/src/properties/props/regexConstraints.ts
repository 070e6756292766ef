import fc from 'fast-check';
import type { Manifest, RouteStatement } from '../../protocol';
import { languageString, mutate, mutationArb, regexArb, type Mutation } from '../regex/arbitrary';
import { hasBraces, renderRegex, withoutBraces, type Regex } from '../regex/ast';
import { regexReadings, staticTextArb } from '../regex/staticText';
import { isDotSegment } from '../model/pattern';
import { expectedBody } from '../model/probeCatalog';
import { dispatchModel, flattenManifest } from '../model/routeTable';
import type { Check, Expectation, Extra, Plan, RequestCheck } from '../engine/plan';
import type { PropertyDefinition } from '../engine/definition';

/**
 * Property 1 (params.constraint-regex, params.anchored, params.literal-static,
 * dispatch.extract-by-name): for routes `/r<i>/<segments>` whose segments are static text with
 * regex metacharacters or `{p<k>:<regex>}` parameters with generated constraints, a GET answers 200
 * with exactly the segment values (closure `args`, URI order) when every value is in its
 * constraint's language and the static text is taken literally, and 404 otherwise.
 */
export const PROBES_PER_ROUTE = 4;

export type SegmentCase =
  | { kind: 'static'; text: string }
  | { kind: 'param'; re: Regex; values: string[] };

export interface ProbeCase {
  /** Index (modulo the segment count) of the one segment to spoil, or null for an in-language probe. */
  spoil: number | null;
  mutation: Mutation;
  reading: number;
}

export interface RouteCase { segments: SegmentCase[]; probes: ProbeCase[] }
export interface RegexCase { routes: RouteCase[] }

const paramSegmentArb: fc.Arbitrary<SegmentCase> = regexArb().chain((re) =>
  fc.array(languageString(re), { minLength: PROBES_PER_ROUTE, maxLength: PROBES_PER_ROUTE })
    .map((values): SegmentCase => ({ kind: 'param', re, values })));

const segmentArb: fc.Arbitrary<SegmentCase> = fc.oneof(
  { arbitrary: paramSegmentArb, weight: 3 },
  { arbitrary: staticTextArb().map((text): SegmentCase => ({ kind: 'static', text })), weight: 2 },
);

const probeArb: fc.Arbitrary<ProbeCase> = fc.record({
  spoil: fc.option(fc.nat(7), { freq: 2 }),
  mutation: mutationArb,
  reading: fc.nat(7),
});

const routeArb: fc.Arbitrary<RouteCase> = fc.record({
  segments: fc.array(segmentArb, { minLength: 1, maxLength: 3 }).filter((s) => s.some((x) => x.kind === 'param')),
  probes: fc.array(probeArb, { minLength: 1, maxLength: PROBES_PER_ROUTE }),
});

export function regexCaseArb(): fc.Arbitrary<RegexCase> {
  return fc.record({ routes: fc.array(routeArb, { minLength: 1, maxLength: 3 }) });
}

export function uriOf(index: number, route: RouteCase, twin = false): string {
  let k = 0;
  const parts = route.segments.map((s) => (s.kind === 'static' ? s.text : `{p${k++}:${renderRegex(twin ? withoutBraces(s.re) : s.re)}}`));
  return `/${twin ? 't' : 'r'}${index}/${parts.join('/')}`;
}

/** A route whose constraints write quantifiers with braces: it gets a twin with the braces written out (ast.ts withoutBraces). */
function braced(route: RouteCase): boolean {
  return route.segments.some((seg) => seg.kind === 'param' && hasBraces(seg.re));
}

export function planRegexCase(value: RegexCase): Plan {
  const statements: RouteStatement[] = value.routes.map((r, i) => ({ method: 'GET', uri: uriOf(i, r), handler: { closure: 'args' } }));
  // Twins of braced routes, under /t<i>: the same languages without braces, so that a failure
  // is blamed on the braces only where the twin shows the constraint itself works.
  value.routes.forEach((r, i) => { if (braced(r)) statements.push({ method: 'GET', uri: uriOf(i, r, true), handler: { closure: 'args' } }); });
  const manifest: Manifest = { protocol: 2, routeFiles: { web: statements } };
  const routes = flattenManifest(manifest);
  const checks: Check[] = [];
  const extras: Extra[] = [];

  value.routes.forEach((route, i) => {
    route.probes.forEach((probe, j) => {
      const spoilAt = probe.spoil === null ? -1 : probe.spoil % route.segments.length;
      // An in-language probe of a route with metacharacters in its static text fails first when
      // that text is compiled as a regex.
      let rule = route.segments.some((seg) => seg.kind === 'static' && /[.+*()$]/.test(seg.text)) ? 'params.literal-static' : 'dispatch.extract-by-name';
      const raw = route.segments.map((seg, s) => {
        if (seg.kind === 'static') {
          if (s !== spoilAt) return seg.text;
          const readings = regexReadings(seg.text);
          rule = 'params.literal-static';
          // No other reading: spoil the text plainly, which is still a different literal.
          return readings.length > 0 ? readings[probe.reading % readings.length]! : mutate(seg.text, probe.mutation);
        }
        const v = seg.values[j % seg.values.length]!;
        if (s !== spoilAt) return v;
        rule = ['append', 'prepend', 'double'].includes(probe.mutation.op) ? 'params.anchored' : 'params.constraint-regex';
        return mutate(v, probe.mutation);
      });
      const path = `/r${i}/${raw.join('/')}`;
      // Empty and dot segments: matching them is not shown by the spec (differential mode only).
      if (raw.some((v) => v === '' || isDotSegment(v))) {
        extras.push({ kind: 'request', method: 'GET', path, note: 'empty or dot segment' });
        return;
      }
      // How it fails says which rule broke: a crash or a value of the language turned away is the
      // constraint (or static text read as a regex), a wrong value is extraction, a spoiled value
      // let through is the probe's own rule.
      const literal = route.segments.some((seg) => seg.kind === 'static' && /[.+*()$]/.test(seg.text));
      const plain = literal ? 'params.literal-static' : 'params.constraint-regex';
      const charges = (constraint: string) => ({ 'server-error': constraint, 'not-matched': constraint, 'wrong-method': constraint, 'wrong-body': 'dispatch.extract-by-name', matched: rule, 'wrong-route': rule });
      const metaStatic = route.segments.flatMap((seg) => (seg.kind === 'static' && /[.+*()$]/.test(seg.text) ? [seg.text] : []));
      const check: RequestCheck = {
        kind: 'request', method: 'GET', path, expect: expectation(routes, path), rule,
        charges: charges(plain), needs: { 'wrong-body': ['registration.closure-positional'] },
        ...(metaStatic.length > 0 ? { literalStatic: metaStatic } : {}),
      };
      if (braced(route) && !literal) {
        // A brace quantifier first needs the parameter to end at the brace that balances its
        // opening one: blamed only when the same request to the twin without braces passes.
        const twinPath = `/t${i}/${raw.join('/')}`;
        checks.push({ kind: 'request', method: 'GET', path: twinPath, expect: expectation(routes, twinPath), rule, charges: charges(plain), needs: { 'wrong-body': ['registration.closure-positional'] } });
        check.charges = charges('params.constraint-braces');
        check.twin = { index: checks.length - 1, charges: charges(plain) };
      }
      checks.push(check);
    });
  });

  const first = checks.find((c) => c.kind === 'request' && c.expect.status === 200);
  if (first && first.kind === 'request') {
    extras.push({ kind: 'request', method: 'GET', path: `${first.path}/`, note: 'trailing slash' });
    extras.push({ kind: 'request', method: 'GET', path: first.path.replace(/\/([^/]*)$/, '//$1'), note: 'empty segment' });
  }
  return { manifest, checks, extras };
}

function expectation(routes: ReturnType<typeof flattenManifest>, path: string): Expectation {
  const outcome = dispatchModel(routes, 'GET', path);
  if (outcome.status === 200) {
    return { status: 200, body: expectedBody(outcome.route.handler, outcome.params), route: outcome.route.uri };
  }
  return outcome;
}

export const regexConstraints: PropertyDefinition<RegexCase> = {
  name: 'regex-constraints',
  title: 'a {name:regex} segment matches exactly the values in the regex\'s language; static text is literal',
  rules: ['params.constraint-regex', 'params.constraint-braces', 'params.anchored', 'params.literal-static', 'dispatch.extract-by-name'],
  capabilities: [],
  arbitrary: regexCaseArb,
  plan: planRegexCase,
};
