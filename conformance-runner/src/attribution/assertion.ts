import type { Finding } from '../model/finding';
import type { Manifest, Statement } from '../protocol/manifest';
import { dispatchModel, flattenManifest } from '../properties/model/routeTable';
import { CONVERSIONS, manifestRules, stripConstraints } from './features';
import { differenceOf } from '../model/difference';
import { sameUrl, urlDifference, type ExpectedUrl } from '../model/urlDifference';

/**
 * What a failed assertion is evidence against, decided from the assertion's own finding (what it
 * compared, and what the answer showed) — never from the scenario's topic alone
 * (docs/reports.md, "One fault, one rule").
 *
 * - `evidence`: the discrepancy is by its nature another rule's (an order-only difference of
 *   middleware from different lists is groups.middleware-order's; an absolute URL whose path is
 *   the expected one is url.path's). The failure is charged there and its own rule waits on it.
 * - `needs`: rules the answer shows this assertion stood on and saw broken (the request did not
 *   reach its route: the routes' verbs, prefixes and constraints; text/html missing: the one
 *   mechanism that gives a string body its content type). The failure is blocked by one of them
 *   only when that rule fails on its own elsewhere; otherwise it is its own rule's.
 * - `shownBy`: the request and answer that show it, for the report.
 */
export interface Judgement {
  needs: string[];
  /** Mechanisms the assertion stood on: they block it only when charged with the same symptom (resolve.ts). */
  foundations: string[];
  /**
   * Mechanisms it may have stood on: a body is what the handler returned once converted, so an
   * empty one shows neither step broken more than the other. Weighed like a rule's declared
   * standsOn: a finding that says where the fault is (a content type is conversion's) wins.
   */
  weakFoundations: string[];
  /** How the assertion failed, in a few words: what "the same fault" is compared by. */
  symptom: string;
  evidence?: string;
  shownBy?: string;
}

export interface Context {
  /** The scenario's rules: a foundation that is one of them is no foundation. */
  subject: readonly string[];
  manifest?: Manifest;
  /** The scenario's `@needs:` rules: what its routes stand on, used when the answer shows a route unreached. */
  declared: readonly string[];
  /** The scenario generated a URL before the failing step. */
  generatedUrls: boolean;
}

const PARAM_CASTS: Record<string, string> = { int: 'injection.cast-int', float: 'injection.cast-float', bool: 'injection.cast-bool' };

export function judge(f: Finding, ctx: Context): Judgement {
  const shownBy = f.request !== undefined && f.status !== undefined ? `${f.request} → ${f.status}${ranToken(f) ? ` (${ranToken(f)} ran)` : ''}` : undefined;
  const own = new Set(ctx.subject);
  const others = (rules: Iterable<string>): string[] => [...new Set(rules)].filter((r) => !own.has(r));
  const base = { symptom: symptomOf(f), ...(shownBy !== undefined ? { shownBy } : {}) };
  // A value wrong in a way that is, by its nature, one mechanism's (booleans written 1/0 are the
  // JSON serializer's, a lower-cased route value the path's case): that mechanism is a foundation
  // of the failure, which it blocks where it fails with the same difference.
  const mechanism = [...mechanismOf(f), ...answerEvidence(f, ctx.manifest)];
  /** The assertion stood on these mechanisms (or the failure is `evidence`'s by its nature). */
  const out = (foundations: Iterable<string>, evidence?: string, weak: Iterable<string> = []): Judgement =>
    ({ ...base, needs: [], foundations: others([...mechanism, ...foundations]), weakFoundations: others(weak), ...(evidence !== undefined && !own.has(evidence) ? { evidence } : {}) });
  /** The answer shows the request never got where the assertion looks: what routes it stood on. */
  const unreachedBy = (needs: Iterable<string>): Judgement => ({ ...base, needs: others(needs), foundations: [], weakFoundations: [] });
  const rules = ctx.manifest ? manifestRules(ctx.manifest) : { reach: [], handler: [], middleware: [], urls: [], idRouteNames: [] };
  // A generated URL the request went to stands on what filled it; its form (absolute or a path)
  // does not decide where it leads (an absolute-form target reaches the same route).
  const filling = rules.urls.filter((r) => r !== 'url.path');
  // A request that reached no handler can only have missed its route through what routes a request:
  // what the scenario declares it stands on for its handler (an injection, a conversion) cannot be why.
  const unreached = (): string[] => [...rules.reach, ...ctx.declared.filter(routesRequests), ...(ctx.generatedUrls ? filling : [])];

  if (f.aspect === 'url') return judgeUrl(f, rules.reach.includes('params.within-segment') ? [...filling, 'params.within-segment'] : filling, out, rules.idRouteNames);
  if (f.status === undefined) return out([]);

  const ran = ranToken(f) !== undefined;
  const expected = f.expected;
  // The answer shows the request reached no handler: no route matched, or it crashed before the action.
  const notMatched = f.status === 404 || f.status === 405;
  const crashedBefore = f.status >= 500 && !ran;
  // Only an assertion that wanted the route to answer reads a 404/405 as "not reached": a status
  // of 404/405 expected, or an Allow header, is about the answer no route gives.
  const aboutNoRoute = (f.aspect === 'status' && (expected === 404 || expected === 405)) || f.aspect === 'allow' || (f.aspect === 'header' && f.name?.toLowerCase() === 'allow');
  const wantedReach = !aboutNoRoute;
  if (wantedReach && notMatched && !ran) return unreachedBy(unreached());
  if (wantedReach && crashedBefore) return unreachedBy([...unreached(), ...rules.handler, ...rules.middleware]);

  switch (f.aspect) {
    case 'header':
      if (f.name?.toLowerCase() === 'allow' && f.actual === undefined) return out(['errors.allow-header']);
      // WithClock's header (protocol §4.3): its presence is the middleware changing the response,
      // its value what the container gave the middleware.
      if (f.name?.toLowerCase() === 'x-clock') return out([f.actual === undefined || f.actual === null ? 'middleware.modify-response' : 'middleware.container']);
      // A header the handler's response carries: lost in its conversion, or on the way out.
      return out([], undefined, conversionOf(f));
    case 'status': return judgeStatus(f, ctx, out, unreachedBy);
    case 'media-type':
      // The content type of an empty answer says nothing of a conversion: the value never got there.
      if (f.emptyBody === true && expected !== 'text/html') return out([], undefined, conversionOf(f));
      if (expected === 'text/html') return out(['conversion.string', ...conversionOf(f)]);
      if (expected === 'application/json') return out(['conversion.array', ...conversionOf(f)]);
      return out(conversionOf(f));
    case 'body':
      // What the action returned was made into this body by its conversion.
      return out([], undefined, conversionOf(f));
    case 'json-body':
      // A body that is not JSON at all, or JSON whose numbers came back as strings, is what the
      // serializer made of the action's array: conversion.array's mechanism.
      // An empty body says nothing of which step lost the value (as for a body).
      if (f.actual === '') return out([], undefined, conversionOf(f));
      if (typeof f.actual === 'string') return out(['conversion.array', ...conversionOf(f)]);
      return out([], undefined, conversionOf(f));
    case 'action': {
      if (anotherAction(f) === 'create-as-show') return out([], 'resources.create-not-show');
      // The catalog ran but its echo is no JSON (the body is given as text): what the handler
      // returned was not made JSON.
      const token = ranToken(f);
      const body = rawBody(f);
      if (body !== undefined && token !== undefined && f.status < 300) {
        const conversion = token.startsWith('closure:') ? 'conversion.closure' : 'conversion.array';
        // An empty body is the body case above; text that is not JSON is conversion's by nature.
        return body === '' ? out([], undefined, [conversion]) : out([conversion]);
      }
      return out([]);
    }
    case 'param': return judgeParam(f, out);
    case 'closure-args': return out(closureFoundation(f));
    case 'trace': return judgeTrace(f, ctx, out);
    case 'allow': {
      // No Allow at all is the header's mechanism; a method missing from it is a route that was
      // not registered where the manifest puts it.
      if (f.actual === undefined) return out(['errors.allow-header']);
      const missing = missingVerbs(f, ctx.manifest);
      // A method listed that only a route whose constraint rejects this path could give: the
      // constraint was not applied (read from the manifest's own model of the path); one that only a
      // parameter taking more than its segment could give: the default constraint was not.
      if (constraintLetThrough(f, ctx.manifest)) return unreachedBy(['params.constraint-regex']);
      if (spanLetThrough(typeof f.actual === 'string' ? f.actual : undefined, f, ctx.manifest)) return unreachedBy(['params.default-constraint']);
      // A list that is not the exact one is, first, the exactness of Allow.
      return missing.length > 0 ? { ...unreachedBy([...missing, ...unreached()]), foundations: own.has('errors.allow-exact') ? [] : ['errors.allow-exact'] } : out(['errors.allow-exact']);
    }
    default: return out([]);
  }
}

/** Rules of what decides which route a request reaches (their sections): the only ones a 404 or 405 can stand on. */
function routesRequests(rule: string): boolean {
  return /^(overview|files|registration|params|dispatch|resources|groups|named|url)\./.test(rule);
}

type Out = (foundations: Iterable<string>, evidence?: string, weak?: Iterable<string>) => Judgement;

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

/** An action finding's answer that held no echo at all: its body, as the finding gives it. */
function rawBody(f: Finding): string | undefined {
  const a = f.actual as { body?: unknown } | undefined;
  return a !== null && typeof a === 'object' && typeof a.body === 'string' ? a.body : undefined;
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

function expectedUrl(e: unknown): string | ExpectedUrl | undefined {
  if (typeof e === 'string') return e;
  if (e === null || typeof e !== 'object') return undefined;
  const x = e as { path?: unknown; segments?: unknown; query?: unknown };
  const query = Array.isArray(x.query) ? x.query as Array<[string, string]> : [];
  if (Array.isArray(x.segments)) return { segments: x.segments as string[], query };
  if (typeof x.path === 'string') return { segments: x.path === '/' ? [] : x.path.replace(/^\//, '').split('/'), query };
  return undefined;
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
function mechanismOf(f: Finding): string[] {
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

/** Catalog actions that return a string (protocol §4.2) besides ReturnController's. */
const STRING_ACTIONS = new Set(['PlainController@hello']);

/** The conversion rule of the catalog action (or closure) that ran, which made its answer. */
function conversionOf(f: Finding): string[] {
  const token = ranToken(f);
  if (token === undefined) return [];
  if (token.startsWith('closure:')) return ['conversion.closure'];
  const action = token.slice('action:'.length);
  const rule = CONVERSIONS[action] ?? (STRING_ACTIONS.has(action) ? 'conversion.string' : undefined) ?? responseConversion(action);
  // A rendered view's text is the view system's output for its data (protocol §4.2's view actions).
  const view = f.aspect === 'body' && VIEW_ACTIONS.has(action) ? ['helpers.view-renders'] : [];
  return [...view, ...(rule !== undefined ? [rule] : [])];
}

/** The catalog actions whose body is a rendered view (protocol §4.2). */
const VIEW_ACTIONS = new Set(['HelperController@viewDefault', 'HelperController@viewFull', 'FactoryController@view', 'ViewController@render']);

/**
 * The helpers and the factory (protocol §4.2) return a Response, a JsonResponse or a
 * RedirectResponse, by what they are named for: sending it as it is is that conversion's
 * mechanism, as for ReturnController's own.
 */
function responseConversion(action: string): string | undefined {
  const [controller, method = ''] = action.split('@');
  if (controller !== 'HelperController' && controller !== 'FactoryController') return undefined;
  if (/^redirect/i.test(method)) return 'conversion.redirect-response';
  if (/^(json|responseFactory|success|created|error|validationError|notFound)/.test(method)) return 'conversion.json-response';
  return 'conversion.response';
}

function ranToken(f: Finding): string | undefined {
  return f.trace?.find((t) => t.startsWith('action:') || t.startsWith('closure:'));
}

function judgeStatus(f: Finding, ctx: Context, out: Out, unreachedBy: (needs: Iterable<string>) => Judgement): Judgement {
  const expected = f.expected;
  const status = f.status!;
  // Redirected before any handler ran: nothing of the manifest took the request.
  if ((expected === 404 || expected === 405) && status >= 300 && status < 400 && f.trace?.length === 0) return out([]);
  // A route took a request it must not (it answered, or its method made a 404 a 405): what rejects
  // requests in this manifest stood in the way.
  if (((expected === 404 || expected === 405) && status < 400) || (expected === 404 && status === 405)) {
    const reach = ctx.manifest ? manifestRules(ctx.manifest).reach : [];
    const constraint = reach.includes('params.constraint-regex') ? ['params.constraint-regex'] : [];
    // A parameter route's handler answered: the default constraint let it take the request.
    const defaultConstraint = reach.includes('params.segment') && ranToken(f) !== undefined && status < 300 ? ['params.default-constraint'] : [];
    // A 405 where no route of any method matches is the 404 mechanism's, unless a constraint let one
    // match, or a parameter without one took more than its segment (the Allow the answer lists shows which).
    const spanned = expected === 404 && status === 405 && spanLetThrough(f.allow, f, ctx.manifest) ? ['params.default-constraint'] : [];
    return out(expected === 404 && status === 405 ? [...constraint, ...spanned, 'errors.not-found'] : [...constraint, ...defaultConstraint]);
  }
  // A 404 where the URI exists under other methods: the 405 mechanism, or those routes never registered.
  if (expected === 405 && status === 404) {
    const j = unreachedBy([...(ctx.manifest ? manifestRules(ctx.manifest).reach : []), ...ctx.declared]);
    return { ...j, foundations: ctx.subject.includes('errors.method-not-allowed') ? [] : ['errors.method-not-allowed'] };
  }
  // The action ran and the answer failed after it: the conversion of what it returned.
  const action = ranToken(f)?.replace(/^action:/, '');
  if (status >= 500 && action !== undefined) {
    const conversion = CONVERSIONS[action];
    return out(conversion !== undefined ? [conversion] : []);
  }
  // Another status than the handler's Response gave: sending it as it is may be what broke.
  return out([], undefined, conversionOf(f));
}

/** The action that answered is another one: the resource's create answered by show is a rule of its own. */
function anotherAction(f: Finding): string | undefined {
  if (typeof f.actual !== 'string' || typeof f.expected !== 'string') return undefined;
  const [expController, expMethod] = f.expected.split('@');
  const [gotController, gotMethod] = f.actual.split('@');
  if (expController === gotController && expMethod === 'create' && gotMethod === 'show') return 'create-as-show';
  return undefined;
}

interface Typed {
  type: string;
  value: unknown;
}

function isTyped(v: unknown): v is Typed {
  return v !== null && typeof v === 'object' && 'type' in v && 'value' in v;
}

/**
 * A parameter the right action received with the wrong value. What the value is says whose
 * mechanism broke: the URI text where a number was declared is the cast's; nothing, or something
 * that is no route value at all, is route-parameter injection's; another parameter's value is
 * extraction by name's.
 */
function judgeParam(f: Finding, out: Out): Judgement {
  const pairs: Array<[unknown, unknown]> = [];
  if (isTyped(f.expected)) pairs.push([f.expected, f.actual]);
  else if (f.expected !== null && typeof f.expected === 'object') {
    const exp = f.expected as Record<string, unknown>;
    const act = (f.actual ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(exp)) pairs.push([v, act[k]]);
    // Values that all arrived, under other names: extraction by position, not by name.
    const expVals = Object.values(exp).map((v) => JSON.stringify(v)).sort();
    const actVals = Object.values(act).map((v) => JSON.stringify(v)).sort();
    const names = (o: Record<string, unknown>) => Object.keys(o).sort().join(',');
    if (names(exp) === names(act) && JSON.stringify(expVals) === JSON.stringify(actVals) && Object.keys(exp).some((k) => JSON.stringify(exp[k]) !== JSON.stringify(act[k]))) {
      return out(['dispatch.extract-by-name']);
    }
  }
  const needs = new Set<string>();
  for (const [e, a] of pairs) {
    if (!isTyped(e)) continue;
    if (a === undefined || !isTyped(a)) needs.add('injection.route-param');
    // The right type name with its number written as a string: the JSON the value went out in.
    else if (a.type === e.type && quotedNumbers(e.value, a.value)) needs.add('conversion.array');
    else if (a.type === 'string' && PARAM_CASTS[e.type] !== undefined && typeof e.value !== 'object') needs.add(PARAM_CASTS[e.type]!);
    else if (isScalarType(e.type) && !isScalarType(a.type)) needs.add('injection.route-param');
  }
  return out(needs);
}

function isScalarType(t: string): boolean {
  return ['string', 'int', 'float', 'bool', 'null'].includes(t);
}

function closureFoundation(f: Finding): string[] {
  if (!Array.isArray(f.expected) || !Array.isArray(f.actual)) return ['registration.closure-positional'];
  const exp = f.expected as unknown[];
  const act = f.actual as unknown[];
  if (exp.length !== act.length || act.some((a) => !isTyped(a) || !isScalarType(a.type))) return ['registration.closure-positional'];
  // Same values, other types: what closures receive is the URI text, uncast.
  const text = (v: unknown) => (isTyped(v) ? String(v.value) : '');
  if (exp.every((e, i) => text(e) === text(act[i]))) return ['registration.closure-strings'];
  return ['registration.closure-positional'];
}

/**
 * The trace shows two middleware entered in the reverse of the order the manifest prescribes for
 * them: two of one list (middleware.list-order), or a group's before one listed deeper — a nested
 * group's or the route's own (groups.middleware-order). That is read from the answer and the
 * manifest alone, whatever the scenario expected; it counts only when the handler ran (or did not)
 * as expected, so that a middleware that fails to stop the request is not taken for an order.
 */
function judgeTrace(f: Finding, ctx: Context, out: Out): Judgement {
  if (!Array.isArray(f.expected) || !Array.isArray(f.actual) || !ctx.manifest) return out([]);
  const handlers = (t: string[]) => t.filter((x) => x.startsWith('action:') || x.startsWith('closure:')).join(',');
  const order = requiredOrder(ctx.manifest);
  // A middleware is entered when it records its start or (WithClock) its construction, whichever comes first.
  const entered: string[] = [];
  for (const t of f.actual as string[]) {
    const name = /^mw:([^:]+):before$/.exec(t)?.[1] ?? /^ctor:(.+)$/.exec(t)?.[1];
    if (name !== undefined && !entered.includes(name)) entered.push(name);
  }
  // The handler ran more often than once: whatever registered this route wrapped it so.
  const expHandlers = (f.expected as string[]).filter((x) => x.startsWith('action:') || x.startsWith('closure:'));
  const actHandlers = (f.actual as string[]).filter((x) => x.startsWith('action:') || x.startsWith('closure:'));
  if (expHandlers.length > 0 && actHandlers.length > expHandlers.length && actHandlers.every((h) => expHandlers.includes(h))) {
    const verb = /^([A-Z]+) /.exec(f.request ?? '')?.[1]?.toLowerCase();
    return out(verb !== undefined ? [`registration.${verb}`] : []);
  }
  if (handlers(f.expected as string[]) === handlers(f.actual as string[])) {
    for (let i = 0; i < entered.length; i++) {
      for (let j = i + 1; j < entered.length; j++) {
        const rule = order.get(`${entered[j]}>${entered[i]}`);
        if (rule !== undefined) return out([], rule);
      }
    }
  }
  const names = (t: string[]) => new Set(t.map((x) => /^mw:([^:]+):before$/.exec(x)?.[1]).filter((n): n is string => n !== undefined));
  const ranNames = names(f.actual as string[]);
  const absent = [...names(f.expected as string[])].filter((n) => !ranNames.has(n));
  // A middleware that did not run at all: whatever attaches it where the manifest lists it.
  if (absent.length > 0) return out(absent.flatMap((n) => attachedBy(ctx.manifest!, n)));
  // A middleware that ran although the manifest lists it only for other routes: where routes follow
  // a group, the group's attributes reaching past its closure.
  const expectedNames = names(f.expected as string[]);
  const extra = [...ranNames].filter((n) => !expectedNames.has(n));
  if (extra.length > 0 && manifestRules(ctx.manifest).reach.includes('groups.scope')) return out(['groups.scope']);
  return out([]);
}

/**
 * "a>b" → the rule that says a is entered before b, for every pair the manifest orders one way
 * only (a pair written in both orders somewhere says nothing).
 */
function requiredOrder(manifest: Manifest): Map<string, string> {
  const pairs = new Map<string, string>();
  const add = (a: string, b: string, rule: string): void => {
    if (a !== b && !pairs.has(`${a}>${b}`)) pairs.set(`${a}>${b}`, rule);
  };
  const list = (names: string[]): void => names.forEach((a, i) => names.slice(i + 1).forEach((b) => add(a, b, 'middleware.list-order')));
  /** Returns every middleware listed in the statements, nested groups and routes included. */
  const visit = (statements: Statement[]): string[] => {
    const below: string[] = [];
    for (const s of statements) {
      if ('group' in s) {
        const own = s.group.middleware ?? [];
        list(own);
        const inner = visit(s.routes);
        for (const a of own) for (const b of inner) add(a, b, 'groups.middleware-order');
        below.push(...own, ...inner);
      } else if ('method' in s) {
        for (const call of s.chain ?? []) {
          if (!('middleware' in call)) continue;
          const names = Array.isArray(call.middleware) ? call.middleware : [call.middleware];
          list(names);
          below.push(...names);
        }
      }
    }
    return below;
  };
  for (const file of Object.values(manifest.routeFiles)) visit(file);
  for (const key of [...pairs.keys()]) {
    const [a, b] = key.split('>');
    if (pairs.has(`${b}>${a}`)) {
      pairs.delete(key);
      pairs.delete(`${b}>${a}`);
    }
  }
  return pairs;
}

/** The rules that attach middleware `name` where the manifest lists it (a group, or a route's chain). */
function attachedBy(manifest: Manifest, name: string): string[] {
  const rules = new Set<string>();
  const visit = (statements: Statement[], depth: number): void => {
    for (const s of statements) {
      if ('group' in s) {
        const here = s.group.middleware?.includes(name) ?? false;
        if (here) rules.add(depth === 0 ? 'groups.middleware' : 'groups.nested-middleware');
        visit(s.routes, s.group.middleware !== undefined ? depth + 1 : depth);
      } else if ('method' in s) {
        for (const call of s.chain ?? []) {
          if (!('middleware' in call)) continue;
          if (Array.isArray(call.middleware) ? call.middleware.includes(name) : call.middleware === name) {
            rules.add('middleware.route');
            rules.add(Array.isArray(call.middleware) ? 'registration.middleware-array' : 'registration.middleware-string');
          }
        }
      }
    }
  };
  for (const file of Object.values(manifest.routeFiles)) visit(file, 0);
  return [...rules];
}

/**
 * What the answer itself shows of the route that took the request, whatever the assertion
 * compared: a route value holding "/" from a manifest whose parameters have no constraint (one
 * took more than its segment), a route value that is its segment of the request lower- or
 * upper-cased (the path was read case-folded).
 */
function answerEvidence(f: Finding, manifest: Manifest | undefined): string[] {
  const values = f.echoValues ?? [];
  if (values.length === 0 || manifest === undefined) return [];
  const out: string[] = [];
  const reach = manifestRules(manifest).reach;
  if (reach.includes('params.segment') && values.some((v) => v.includes('/'))) out.push('params.default-constraint');
  const path = /^[A-Z]+ (\S+)$/.exec(f.request ?? '')?.[1]?.split('?')[0];
  if (path !== undefined) {
    const segments = path.split('/').map((x) => { try { return decodeURIComponent(x); } catch { return x; } });
    const folded = values.some((v) => !segments.includes(v) && segments.some((s) => s !== v && (s.toLowerCase() === v || s.toUpperCase() === v)));
    if (folded) out.push('params.case-sensitive');
  }
  return out;
}

/**
 * An Allow that lists a method the manifest gives this path only if a parameter without a
 * constraint matched across "/" (the manifest's routes tested with each {name} as ".+").
 */
function spanLetThrough(allow: string | undefined, f: Finding, manifest: Manifest | undefined): boolean {
  const m = /^[A-Z]+ (\S+)$/.exec(f.request ?? '');
  if (allow === undefined || manifest === undefined || m === null) return false;
  const path = m[1]!.split('?')[0]!;
  const listed = allow.split(',').map((x) => x.trim().toUpperCase());
  let routes;
  try {
    routes = flattenManifest(manifest);
  } catch {
    return false;
  }
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const spanning = new Set<string>();
  const strict = new Set<string>();
  for (const r of routes) {
    const source = r.segments.map((s) => (s.kind === 'static' ? escape(s.text) : s.constraint !== undefined ? `(?:${s.constraint})` : '[^/]+')).join('/');
    const wide = r.segments.map((s) => (s.kind === 'static' ? escape(s.text) : s.constraint !== undefined ? `(?:${s.constraint})` : '.+')).join('/');
    try {
      if (new RegExp(`^/${source}$`).test(path)) strict.add(r.method);
      if (new RegExp(`^/${wide}$`).test(path)) spanning.add(r.method);
    } catch {
      return false;
    }
  }
  return listed.some((x) => spanning.has(x) && !strict.has(x));
}

/** Allow lists a method that the manifest gives this path only when its constraints are ignored. */
function constraintLetThrough(f: Finding, manifest: Manifest | undefined): boolean {
  const m = /^[A-Z]+ (\S+)$/.exec(f.request ?? '');
  if (!manifest || m === null || typeof f.actual !== 'string') return false;
  const listed = f.actual.split(',').map((x) => x.trim().toUpperCase());
  const allowed = (man: Manifest): string[] => {
    try {
      const outcome = dispatchModel(flattenManifest(man), 'NONE', m[1]!.split('?')[0]!);
      return outcome.status === 405 ? outcome.allow : [];
    } catch {
      return [];
    }
  };
  const strict = allowed(manifest);
  const loose = allowed(withoutConstraints(manifest));
  return listed.some((x) => !strict.includes(x as never) && loose.includes(x as never));
}

/** The manifest with every {name:regex} written {name}. */
function withoutConstraints(manifest: Manifest): Manifest {
  const visit = (statements: Statement[]): Statement[] => statements.map((s) => ('group' in s ? { ...s, routes: visit(s.routes) } : 'method' in s ? { ...s, uri: stripConstraints(s.uri) } : s));
  return { ...manifest, routeFiles: Object.fromEntries(Object.entries(manifest.routeFiles).map(([k, v]) => [k, visit(v)])) as Manifest['routeFiles'] };
}

/** Methods the manifest registers that a 405's Allow leaves out: their registration stood under it. */
function missingVerbs(f: Finding, manifest: Manifest | undefined): string[] {
  if (!manifest || typeof f.expected !== 'string') return [];
  const listed = typeof f.actual === 'string' ? f.actual.split(',').map((m) => m.trim().toUpperCase()) : [];
  const wanted = f.expected.split(',').map((m) => m.trim().toUpperCase()).filter((m) => m !== '');
  return wanted.filter((m) => !listed.includes(m)).map((m) => `registration.${m.toLowerCase()}`);
}

/**
 * A URL the framework generated. Generation that failed stands on what resolves and fills the
 * route (its name, its segments; for a resource route with an {id}, that parameter's name: a route
 * without one, such as photos.index, cannot fail for it); a URL whose only fault is its form is
 * url.path's or url.no-empty-query's.
 */
function judgeUrl(f: Finding, filling: string[], out: Out, idRouteNames: readonly string[]): Judgement {
  const failed = f.actual !== null && typeof f.actual === 'object' && 'failed' in f.actual;
  if (failed) return out(f.route !== undefined && idRouteNames.includes(f.route) ? [...filling, 'resources.id-name'] : filling);
  if (typeof f.actual !== 'string') return out([]);
  const actual = f.actual;
  // The expected URL behind a scheme and host: the URL is right but for being a path.
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(actual);
  const wanted = expectedUrl(f.expected);
  if (origin !== null && wanted !== undefined) {
    const rest = actual.slice(origin[0].length) || '/';
    if (rest === f.expected || (typeof f.expected !== 'string' && sameUrl(wanted, rest))) return out([], 'url.path');
  }
  if (typeof f.expected !== 'string') return out([]);
  const expected = f.expected;
  if (actual === `${expected}?`) return out([], 'url.no-empty-query');
  // A placeholder left in the URL of a route whose parameter shares its segment (in the manifest's
  // notation, or the framework's own ":name"): the parameter was never recognised in the pattern
  // (what the route's own requests show too).
  if (/\{[A-Za-z_]|%7B[A-Za-z_]|[/\-.]:[A-Za-z_]/i.test(actual) && filling.includes('params.within-segment')) return { ...out([]), needs: ['params.within-segment'] };
  return out([]);
}

/** The value is the expected one except that numbers inside it came back as strings. */
function quotedNumbers(expected: unknown, actual: unknown): boolean {
  let quoted = 0;
  const same = (e: unknown, a: unknown): boolean => {
    if (typeof e === 'number' && typeof a === 'string' && a === String(e)) return ++quoted > 0;
    if (e !== null && a !== null && typeof e !== 'object' && typeof a !== 'object') return e === a;
    if (typeof e !== 'object' || e === null || typeof a !== 'object' || a === null) return e === a;
    if (Array.isArray(e) !== Array.isArray(a)) return false;
    const keys = Object.keys(e);
    if (keys.length !== Object.keys(a).length) return false;
    return keys.every((k) => Object.prototype.hasOwnProperty.call(a, k) && same((e as Record<string, unknown>)[k], (a as Record<string, unknown>)[k]));
  };
  return same(expected, actual) && quoted > 0;
}
