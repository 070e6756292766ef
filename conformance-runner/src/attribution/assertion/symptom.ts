import type { Finding } from '../../model/finding';
import { rawBody } from './answer';
import { closureFoundation, isScalarType, isTyped, judgeParam } from './param';
import { expectedUrl } from './url';
import { conversionOf } from './conversion';
import { differenceOf } from '../../model/difference';
import { urlDifference } from '../../model/urlDifference';

/** How an assertion failed, in a few words (what "the same fault" is compared by), and the mechanism a named difference is by its nature. */

/**
 * How an assertion failed, coarse enough that one fault seen from two scenarios reads the same
 * ("media-type text/plain", "param uncast"), fine enough that two faults do not.
 */
export function symptomOf(f: Finding): string {
  // A value wrong by one nameable transformation reads the same from every assertion that shows it.
  const named = namedDifference(f);
  if (named !== undefined) return `value ${named}`;
  switch (f.aspect) {
    case 'status': {
      const e = f.expected;
      const got = f.status ?? 0;
      // A route took a request it must not: it answered, or its method made a 404 a 405.
      if ((e === 404 || e === 405) && (got < 400 || (e === 404 && got === 405)) && !(got >= 300 && got < 400 && f.trace?.length === 0)) return 'status matched';
      if (typeof e === 'number' && e < 400 && (got === 404 || got === 405)) return 'status unmatched';
      if (got >= 500) return 'status crash';
      // A status replaced by another whatever the handler gave (every redirect a 302, every success a 200):
      // the class it was expected in is what the fault shows.
      return `status ${statusClass(e, got)}→${got}`;
    }
    case 'media-type': return f.emptyBody === true && f.expected !== 'text/html' ? 'body empty' : `media-type ${String(f.actual)}`;
    case 'body': return f.actual === '' ? 'body empty' : typeof f.expected === 'string' && typeof f.actual === 'string' && f.actual.trim() === f.expected.trim() ? 'body whitespace' : 'body other';
    case 'json-body': return typeof f.actual === 'string' ? (f.actual === '' ? 'body empty' : 'json not-json') : 'json other';
    case 'param': return `param ${paramSymptom(f)}`;
    case 'closure-args': return `closure-args ${closureFoundation(f).join(',')}`;
    case 'trace': {
      if (!Array.isArray(f.expected) || !Array.isArray(f.actual)) return 'trace content';
      const count = (t: unknown[]) => t.filter((x) => typeof x === 'string' && /^(action|closure):/.test(x)).length;
      if (count(f.actual) > count(f.expected) && count(f.expected) > 0) return 'trace handler-repeated';
      return `trace ${JSON.stringify([...f.expected].sort()) === JSON.stringify([...f.actual].sort()) ? 'order' : 'content'}`;
    }
    case 'url': {
      if (f.actual !== null && typeof f.actual === 'object' && 'failed' in f.actual) return 'url failed';
      return typeof f.actual === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(f.actual) ? 'url absolute' : 'url other';
    }
    case 'allow': return f.actual === undefined ? 'allow missing' : 'allow wrong';
    case 'header': {
      if (f.name?.toLowerCase() === 'allow' && f.actual === undefined) return 'allow missing';
      return `header ${f.name ?? ''}${f.actual === undefined || f.actual === null ? ' missing' : ' wrong'}`;
    }
    // No echo at all: what the body is says which fault it is, as for a body assertion.
    case 'action': {
      const body = rawBody(f);
      return body !== undefined && (f.status ?? 0) < 300 ? (body === '' ? 'body empty' : 'json not-json') : `action ${f.status ?? ''}`;
    }
  }
}

/**
 * The expected status's class where a fault replaces statuses of that class by one (2xx → 200,
 * 3xx → 302), the status itself otherwise.
 */
function statusClass(expected: unknown, got: number): string {
  if (typeof expected !== 'number') return String(expected);
  const cls = Math.floor(expected / 100);
  return (cls === 2 || cls === 3) && Math.floor(got / 100) === cls ? `${cls}xx` : String(expected);
}

/**
 * How the observed value differs from the expected one, when one transformation says it
 * (model/difference.ts): read from the assertion's values alone, whatever the scenario.
 */
export function namedDifference(f: Finding): string | undefined {
  switch (f.aspect) {
    case 'url': {
      if (typeof f.actual !== 'string') return undefined;
      const expected = expectedUrl(f.expected);
      return expected !== undefined ? urlDifference(expected, f.actual) : undefined;
    }
    case 'header':
      // A redirect's target is a URL: the same differences as a generated one.
      if (f.name?.toLowerCase() === 'location' && typeof f.expected === 'string' && typeof f.actual === 'string') return urlDifference(f.expected, f.actual);
      // A header the answer should carry and does not: lost on the way out, whichever header it is.
      if (typeof f.expected === 'string' && (f.actual === undefined || f.actual === null) && f.name?.toLowerCase() !== 'allow') return 'missing';
      return typeof f.expected === 'string' && typeof f.actual === 'string' ? differenceOf(f.expected, f.actual) : undefined;
    case 'param': case 'closure-args': case 'json-body': case 'body':
      // An empty array that came as an empty body is one fault; otherwise an absent or empty body
      // says nothing of how a value was transformed.
      if (f.aspect === 'json-body' && f.actual === '') return differenceOf(f.expected, '') === 'empty-as-nothing' ? 'empty-as-nothing' : undefined;
      if (f.actual === '' || f.actual === undefined || f.emptyBody === true) return undefined;
      return differenceOf(f.expected, f.actual);
    default: return undefined;
  }
}

/** Rules whose statements a JSON value's type belongs to: the one serializer, whichever handler returned the value. */
const JSON_MECHANISM = ['conversion.json-types', 'conversion.array', 'conversion.list', 'conversion.object', 'conversion.closure', 'conversion.json-response'];

/** The expected echo (one typed value, or a map of them) declares a route value: a scalar. */
function declaresScalar(expected: unknown): boolean {
  if (isTyped(expected)) return isScalarType(expected.type);
  return expected !== null && typeof expected === 'object' && Object.values(expected).some((v) => isTyped(v) && isScalarType(v.type));
}

/**
 * The mechanism a named difference is by its nature (docs/reports.md, "One fault, one rule"):
 * a JSON value of another type is the serializer's, a route value of another case the path's, a
 * URL whose segment entries went into the query the filling of segments'. Nothing for differences
 * that several mechanisms could make.
 */
export function mechanismOf(f: Finding): string[] {
  const d = namedDifference(f);
  if (d === undefined) return [];
  const json = f.aspect === 'json-body' || f.aspect === 'param' || f.aspect === 'closure-args';
  const uriValue = f.aspect === 'param' || f.aspect === 'closure-args';
  switch (d) {
    case 'bool-as-int': case 'bool-as-string': case 'number-as-string': case 'string-as-number': case 'null-dropped': case 'list-as-map': case 'map-as-list':
      return json ? JSON_MECHANISM : [];
    case 'lower-cased': case 'upper-cased':
      return uriValue ? ['params.case-sensitive'] : [];
    case 'segment-in-query': case 'unfilled': return ['url.fill-segments'];
    case 'query-dropped': return ['url.query-string'];
    case 'object-for-scalar': return f.aspect === 'closure-args' ? ['registration.closure-positional'] : f.aspect === 'param' ? ['injection.route-param'] : [];
    case 'empty-as-nothing': return ['conversion.empty-array'];
    // The action's text arrived whole with other whitespace around it: the route ran and returned
    // it, what made the body of its value added or took the rest (a newline after every text body).
    case 'whitespace': return f.aspect === 'body' ? conversionOf(f) : [];
    default:
      // One object handed where parameters were declared: what hands a route value to a parameter.
      if (d.startsWith('became:')) return f.aspect === 'closure-args' ? ['registration.closure-positional'] : f.aspect === 'param' && declaresScalar(f.expected) ? ['injection.route-param'] : [];
      return [];
  }
}

/** The kind of wrong value a parameter received (judgeParam's distinctions). */
function paramSymptom(f: Finding): string {
  const j = judgeParam(f, (foundations) => ({ needs: [], foundations: [...foundations], weakFoundations: [], symptom: '' }));
  return j.foundations.length > 0 ? j.foundations.join(',') : 'value';
}
