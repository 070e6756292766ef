import type { Manifest } from '../../protocol';
import { allowViolations, parseAllow } from '../model/allow';
import { dispatchModel, flattenManifest } from '../model/routeTable';
import { urlViolations } from '../model/urlParams';
import type { Clipped } from '../../protocol/answerBody';
import { CLIP, clipStrings } from '../../protocol/clip';
import { parsedBody } from './parsedBody';
import type { Finding } from '../../model/finding';
import { echoValues } from '../../protocol/echoValues';
import { differenceOf } from '../../model/difference';
import { urlDifference, type ExpectedUrl } from '../../model/urlDifference';
import type { Check, Expectation, RequestCheck } from './plan';

/**
 * How a check failed, independent of which check it was: the signature of a property failure.
 * A property charges each kind to one rule and keeps looking for failures of other kinds, so one
 * fault reads as one rule and a second fault is not hidden behind the first (docs/reports.md).
 */
export type FailureKind =
  | 'server-error'     // a 5xx from the target
  | 'not-matched'      // expected 200, got 404
  | 'wrong-method'     // expected 200, got 405
  | 'wrong-route'      // expected 200, got another route's answer
  | 'wrong-body'       // expected 200, got a body no route gives
  | 'wrong-params'     // expected 200, got the right action's echo with other parameter values
  | 'matched'          // expected 404 or 405, got a 2xx
  | 'no-405'           // expected 405, got 404
  | 'no-404'           // expected 404, got 405
  | 'allow-missing'    // a right 405 without Allow
  | 'allow-wrong'      // a right 405 whose Allow misses a method (or lists a non-token)
  | 'allow-extra'      // a right 405 whose Allow lists every method, and others besides
  | 'allow-repeated'   // a right 405 whose Allow lists a method twice (reference level)
  | 'other-status'
  | 'url-failed'       // URL generation answered an error
  | 'url-absolute'     // the generated URL is not a path
  | 'url-wrong'        // the generated URL is a path, but not the right one
  | 'url-empty-query'  // the right URL with a "?" after it
  | 'follow-failed'    // the right URL does not lead back to the route
  | 'boot'             // the application did not boot
  | 'no-answer';

/** Rules each kind is charged to unless the check says otherwise (RequestCheck.charges). */
const DEFAULT_RULES: Partial<Record<FailureKind, string>> = {
  'allow-missing': 'errors.allow-header',
  'allow-wrong': 'errors.allow-exact',
  'allow-extra': 'errors.allow-exact',
  'allow-repeated': 'errors.allow-once',
  'no-405': 'errors.method-not-allowed',
  'no-404': 'errors.not-found',
  'wrong-params': 'injection.route-param',
  'url-absolute': 'url.path',
  'url-empty-query': 'url.no-empty-query',
  'follow-failed': 'url.round-trip',
};

/** Rules a failure of each kind relies on: when one of them fails on its own, this one is blocked. */
const DEFAULT_NEEDS: Partial<Record<FailureKind, string[]>> = {
  'allow-wrong': ['errors.allow-header'],
  'allow-extra': ['errors.allow-header'],
  'url-failed': ['named.name'],
  'url-wrong': ['named.name', 'url.path'],
  'follow-failed': ['named.name', 'url.path', 'url.fill-segments'],
};

export interface Charge {
  kind: FailureKind;
  rule: string;
  /** `<rule>:<kind>`: two failures with one signature are taken for the same fault. */
  signature: string;
  needs: string[];
  /** What the check compared, as a scenario's assertion would say it (attribution/assertion.ts judges both alike). */
  finding?: Finding;
}

/** `clipped`: the body was larger than the runner reads (execute.ts), `body` is its head and no echo. */
export interface ObservedRequest { kind: 'request'; status: number; allow?: string; body: string; trace?: string[]; clipped?: Clipped }
export interface ObservedUrl { kind: 'url'; result: { ok: true; url: string } | { ok: false; message: string }; followed?: ObservedRequest }
export type Observed = ObservedRequest | ObservedUrl | { kind: 'error'; message: string };

export function classifyFailure(check: Check, obs: Observed, manifest: Manifest): Charge {
  const kind = check.kind === 'request' ? requestKind(check, obs, manifest) : urlKind(check, obs);
  const taken = kind === 'wrong-body' && check.kind === 'request' && obs.kind === 'request' && staticTaken(check, obs.body);
  const rule = (taken ? 'params.literal-static' : undefined) ??
    check.charges?.[kind] ?? DEFAULT_RULES[kind] ??
    (check.kind === 'request' && obs.kind === 'request' ? answerRule(check, kind, obs.body, manifest) : undefined) ?? check.rule;
  const defaults = (DEFAULT_NEEDS[kind] ?? []).map((r) => (r === 'named.name' && check.kind === 'url' ? check.nameRule ?? r : r));
  // Static text taken for a parameter stands on nothing the check's kind would (closures' arguments by position).
  const needs = [...defaults, ...(taken ? [] : check.needs?.[kind] ?? [])].filter((r) => r !== rule);
  const raw = findingOf(check, obs, kind);
  // A crash is one fault whichever check showed it: it has one signature in a property. A wrong
  // value is named by how it differs from the right one, so that two mechanisms broken in two
  // ways are two failures, each found and reported, while one broken way reads as one.
  const named = VALUE_KINDS.has(kind) && raw !== undefined ? valueDifference(raw) : undefined;
  const signature = kind === 'server-error' || kind === 'no-answer' ? kind : `${rule}:${kind}${named !== undefined ? `:${named}` : ''}`;
  // What the target answered can be as long as it likes: a finding travels in attachments and reports.
  const finding = clipStrings(raw, CLIP.valueChars) as Finding | undefined;
  return { kind, rule, signature, needs: [...new Set(needs)], ...(finding !== undefined ? { finding } : {}) };
}

/** Kinds whose failure is a wrong value rather than a wrong status: named by their difference. */
const VALUE_KINDS = new Set<FailureKind>(['wrong-params', 'wrong-body', 'url-wrong', 'follow-failed']);

/** How the finding's observed value differs from the expected one (model/difference.ts), if one transformation says it. */
function valueDifference(f: Finding): string | undefined {
  if (f.aspect === 'url') return typeof f.actual === 'string' && (typeof f.expected === 'string' || (f.expected !== null && typeof f.expected === 'object')) ? urlDifference(f.expected as string | ExpectedUrl, f.actual) : undefined;
  if (f.aspect === 'status' || f.aspect === 'allow') return undefined;
  return differenceOf(f.expected, f.actual);
}

/**
 * The check's failure as the finding a scenario's assertion would attach for the same answer:
 * the status, the action or the parameters, the Allow header, or the URL.
 */
export function findingOf(check: Check, obs: Observed, kind: FailureKind): Finding | undefined {
  if (check.kind === 'url') {
    if (obs.kind !== 'url') return undefined;
    if (!obs.result.ok) return { aspect: 'url', route: check.name, actual: { failed: obs.result.message }, expected: 'a URL' };
    const url = obs.result.url;
    if (kind === 'url-absolute' || kind === 'url-wrong' || kind === 'url-empty-query') {
      // The expected URL is a set of decoded segments and query entries: say it as the URL it would be
      // when the failure is only the URL's form, so that both kinds of check read the same.
      const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
      const path = origin !== null ? url.slice(origin[0].length) : url;
      const formOnly = urlViolations(path.endsWith('?') ? path.slice(0, -1) : path, check.expect).length === 0;
      return { aspect: 'url', route: check.name, actual: url, expected: formOnly ? (path.endsWith('?') ? path.slice(0, -1) : path) : { segments: check.expect.segments, query: check.expect.query } };
    }
    if (kind === 'follow-failed' && obs.followed !== undefined) return { ...requestFinding(`${check.follow.method} ${url}`, check.follow.expect, obs.followed), route: check.name };
    return undefined;
  }
  if (obs.kind !== 'request') return undefined;
  return requestFinding(`${check.method} ${check.path}`, check.expect, obs);
}

function requestFinding(request: string, expect: Expectation, obs: ObservedRequest): Finding {
  const values = obs.clipped === undefined ? echoValues(obs.body) : undefined;
  const seen = {
    request, status: obs.status, ...(obs.trace !== undefined ? { trace: obs.trace } : {}),
    ...(obs.allow !== undefined ? { allow: obs.allow } : {}), ...(values !== undefined ? { echoValues: values } : {}),
  };
  if (obs.status !== expect.status) return { aspect: 'status', ...seen, expected: expect.status, actual: obs.status };
  if (expect.status === 405) return { aspect: 'allow', ...seen, expected: expect.allow.join(', '), actual: obs.allow };
  if (expect.status !== 200) return { aspect: 'status', ...seen, expected: expect.status, actual: obs.status };
  const body = expect.body;
  const parsed = obs.clipped === undefined ? parsedBody(obs.body) : { ok: false as const };
  const echo = parsed.ok ? parsed.value as { action?: unknown; params?: unknown; closure?: unknown; args?: unknown } | null : undefined;
  // No echo at all, where one was expected: the body says what came instead (as a step's finding does).
  if (body.kind !== 'text' && (echo === null || typeof echo !== 'object')) return { aspect: 'action', ...seen, expected: body.kind === 'echo' ? body.action : 'closure:args', actual: { body: obs.body.slice(0, 200) } };
  if (body.kind === 'echo') {
    if (echo?.action !== body.action) return { aspect: 'action', ...seen, action: body.action, expected: body.action, actual: typeof echo?.action === 'string' ? echo.action : { body: obs.body.slice(0, 200) } };
    return { aspect: 'param', ...seen, action: body.action, expected: body.params, actual: echo.params };
  }
  if (body.kind === 'args') return { aspect: 'closure-args', ...seen, expected: body.values.map((value) => ({ type: 'string', value })), actual: echo?.args };
  return { aspect: 'body', ...seen, expected: body.value, actual: obs.body.slice(0, 200) };
}

function requestKind(check: RequestCheck, obs: Observed, manifest: Manifest): FailureKind {
  if (obs.kind !== 'request') return 'no-answer';
  const expected = check.expect.status;
  if (obs.status >= 500) return 'server-error';
  if (expected === 200) {
    if (obs.status === 404) return 'not-matched';
    if (obs.status === 405) return 'wrong-method';
    if (obs.status === 200) {
      // A clipped head is no route's text and no echo, though it may parse as one.
      if (obs.clipped !== undefined) return 'wrong-body';
      if (check.expect.body.kind === 'echo' && echoAction(obs.body) === check.expect.body.action) return 'wrong-params';
      const route = answeredBy(obs.body, manifest);
      // Another route of the manifest answered: a closure's text, or a resource's action under a
      // method no resource's table has at this path (another of its actions is its table's fault).
      if (route !== undefined && (route.resource === undefined || !resourceHas(check.method, check.path, manifest))) return 'wrong-route';
      return 'wrong-body';
    }
    return 'other-status';
  }
  if (obs.status >= 200 && obs.status < 300) return 'matched';
  if (expected === 405) {
    if (obs.status === 404) return 'no-405';
    if (obs.status === 405) {
      if (obs.allow === undefined) return 'allow-missing';
      if (check.expect.status !== 405) return 'allow-wrong';
      if (allowViolations(obs.allow, check.expect.allow).length === 0) return 'allow-repeated';
      const parsed = parseAllow(obs.allow);
      const listed = new Set(parsed.methods);
      return parsed.invalid.length === 0 && check.expect.allow.every((m) => listed.has(m)) ? 'allow-extra' : 'allow-wrong';
    }
  }
  if (expected === 404 && obs.status === 405) return 'no-404';
  return 'other-status';
}

function urlKind(check: Extract<Check, { kind: 'url' }>, obs: Observed): FailureKind {
  if (obs.kind !== 'url') return 'no-answer';
  if (!obs.result.ok) return 'url-failed';
  if (!obs.result.url.startsWith('/')) return 'url-absolute';
  if (urlViolations(obs.result.url, check.expect).length > 0) {
    const url = obs.result.url;
    return url.endsWith('?') && urlViolations(url.slice(0, -1), check.expect).length === 0 ? 'url-empty-query' : 'url-wrong';
  }
  return 'follow-failed';
}

/** The closure's arguments hold a static text of the route written with metacharacters: that text was taken for a parameter. */
function staticTaken(check: RequestCheck, body: string): boolean {
  if (check.literalStatic === undefined) return false;
  const parsed = parsedBody(body);
  const args = parsed.ok ? (parsed.value as { args?: unknown } | null)?.args : undefined;
  if (!Array.isArray(args)) return false;
  return args.some((a) => a !== null && typeof a === 'object' && check.literalStatic!.some((text) => JSON.stringify((a as { value?: unknown }).value ?? '').includes(text)));
}

/** The action named by an echo body (protocol §4.1), if `body` is one. */
function echoAction(body: string): string | undefined {
  const parsed = parsedBody(body);
  const action = parsed.ok ? (parsed.value as { action?: unknown } | null)?.action : undefined;
  return typeof action === 'string' ? action : undefined;
}

/**
 * The route of the manifest whose handler answered `body`: a text closure (properties give every
 * route its own text), or a catalog action, by the echo that names it.
 */
export function answeredBy(body: string, manifest: Manifest): { method: string; params: boolean; resource?: string } | undefined {
  const routes = flattenManifest(manifest);
  const action = echoAction(body);
  const route = routes.find((r) => ('closure' in r.handler ? r.handler.closure === 'text' && r.handler.value === body
    : action !== undefined && `${r.handler.controller}@${r.handler.action}` === action));
  return route ? { method: route.method, params: route.segments.some((s) => s.kind === 'param'), ...(route.resource !== undefined ? { resource: route.resource } : {}) } : undefined;
}

/** Whether a resource() call registers a route of `method` matching `path`. */
function resourceHas(method: string, path: string, manifest: Manifest): boolean {
  const own = flattenManifest(manifest).filter((r) => r.resource !== undefined && r.method === method);
  return dispatchModel(own, method, path.split('?')[0]!).status === 200;
}

/**
 * The rule of a route answering where it should not: a route of another method (method filtering),
 * a parameter route taking a path it does not match (a parameter is one non-empty segment), or any
 * other route (regex matching).
 */
function answerRule(check: RequestCheck, kind: FailureKind, body: string, manifest: Manifest): string | undefined {
  if (kind !== 'wrong-route' && kind !== 'matched') return undefined;
  if (kind === 'matched' && check.expect.status === 405) return 'dispatch.method-filter';
  const route = answeredBy(body, manifest);
  if (route === undefined) return undefined;
  // A resource's action answering a method its table does not give it: a route the resource
  // registered beyond its seven (Laravel's PATCH for update).
  if (route.resource !== undefined && route.method !== check.method) return 'resources.only-seven';
  if (route.method !== check.method) return 'dispatch.method-filter';
  return route.params ? 'params.default-constraint' : 'dispatch.regex-match';
}
