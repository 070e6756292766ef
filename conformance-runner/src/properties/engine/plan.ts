import type { HttpVerb, Manifest, UrlParams } from '../../protocol';
import type { ExpectedBody } from '../model/probeCatalog';
import type { UrlExpectation } from '../model/urlParams';
import type { FailureKind } from './failureKind';

/**
 * A property's generated case, resolved into what the engine does against a target: one manifest
 * to load, then checks with the outcome the model prescribes. Plans are plain data so the same plan
 * drives the target, the differential oracle, the Gherkin printer and the curl printer.
 */
export type Expectation =
  | { status: 200; body: ExpectedBody; route: string }
  | { status: 404 }
  | { status: 405; allow: HttpVerb[] };

export interface RequestCheck {
  kind: 'request';
  method: string;
  /** Raw path (and query), sent byte for byte. */
  path: string;
  expect: Expectation;
  /** Rule the check is evidence for: what a failure is charged to unless its kind says otherwise (failureKind.ts). */
  rule: string;
  /** Rules that failures of some kinds are charged to instead. */
  charges?: Partial<Record<FailureKind, string>>;
  /** Rules that failures of some kinds rely on besides the defaults (a wrong body: the handler). */
  needs?: Partial<Record<FailureKind, string[]>>;
  /**
   * The check (by index in the plan) of the same request to a twin route that differs only in
   * what `charges` blames (a constraint with its braces written out): when the twin fails too, the
   * failure is not that difference's, and `charges` here apply instead.
   */
  twin?: { index: number; charges: Partial<Record<FailureKind, string>> };
  /**
   * Static segments of the route written with regex metacharacters: a wrong answer whose closure
   * arguments hold one of them shows that text taken for a parameter (params.literal-static).
   */
  literalStatic?: string[];
}

export interface UrlCheck {
  kind: 'url';
  name: string;
  params: UrlParams;
  expect: UrlExpectation;
  /** The generated URL is then requested with this method and must reach this outcome. */
  follow: { method: HttpVerb; expect: Expectation };
  rule: string;
  /** The rule that gives the route its name (named.name, resources.names): URL failures rely on it. */
  nameRule?: string;
  /** Rules that failures of some kinds are charged to instead. */
  charges?: Partial<Record<FailureKind, string>>;
  /** Rules that failures of some kinds rely on besides the defaults. */
  needs?: Partial<Record<FailureKind, string[]>>;
}

export type Check = RequestCheck | UrlCheck;

/** An input whose behaviour the spec does not show: sent only in differential mode, never asserted. */
export type Extra =
  | { kind: 'request'; method: string; path: string; note: string }
  | { kind: 'url'; name: string; params: UrlParams; follow?: HttpVerb; note: string };

export interface Plan {
  manifest: Manifest;
  checks: Check[];
  extras: Extra[];
}

/** One line naming a check, as used in messages and divergence records. */
export function describeCheck(check: Check | Extra): string {
  if (check.kind === 'request') return `${check.method} ${check.path}`;
  return `URL for ${JSON.stringify(check.name)} with ${JSON.stringify(check.params)}`;
}

export function describeExpectation(e: Expectation): string {
  if (e.status === 404) return '404';
  if (e.status === 405) return `405 with Allow ${e.allow.join(', ')}`;
  switch (e.body.kind) {
    case 'text': return `200 with the body ${JSON.stringify(e.body.value)} (route ${e.route})`;
    case 'args': return `200 with the closure arguments ${JSON.stringify(e.body.values)} (route ${e.route})`;
    case 'echo': return `200 with the echo of ${e.body.action} ${JSON.stringify(e.body.params)} (route ${e.route})`;
  }
}
