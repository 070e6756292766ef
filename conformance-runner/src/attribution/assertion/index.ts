import type { Finding } from '../../model/finding';
import { anotherAction, ranToken, rawBody } from './answer';
import { conversionOf } from './conversion';
import { answerEvidence, constraintLetThrough, missingVerbs, spanLetThrough } from './evidence';
import { closureFoundation, judgeParam } from './param';
import { judgeStatus } from './status';
import { mechanismOf, symptomOf } from './symptom';
import { judgeTrace } from './trace';
import { judgeUrl } from './url';
import type { Manifest } from '../../protocol/manifest';
import { manifestRules } from '../features';

export { namedDifference, symptomOf } from './symptom';

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

export type Out = (foundations: Iterable<string>, evidence?: string, weak?: Iterable<string>) => Judgement;

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
