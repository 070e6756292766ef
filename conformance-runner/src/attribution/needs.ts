import type { Manifest } from '../protocol/manifest';
import { manifestRules, type ManifestRules } from './features';

/**
 * The rules a failed step relies on besides the one it checks, read from the step's text and the
 * scenario's manifest. Steps stay thin (they only assert); the runner knows what each kind of
 * step stands on: a status needs the route to be reachable, a body also needs the handler, an
 * Allow list needs Allow at all, a URL needs the route's name.
 */
type Part = keyof ManifestRules;

interface StepKind {
  pattern: RegExp;
  parts: Part[];
  rules?: string[];
}

/** First match wins. */
const STEP_KINDS: readonly StepKind[] = [
  { pattern: /^the Allow header lists exactly /, parts: ['reach'], rules: ['errors.method-not-allowed', 'errors.allow-header', 'errors.allow-exact'] },
  { pattern: /^the header "Allow" is (present|".*")$/, parts: ['reach'], rules: ['errors.method-not-allowed', 'errors.allow-header'] },
  { pattern: /^the status is 405$/, parts: ['reach'], rules: ['errors.method-not-allowed'] },
  { pattern: /^the status is 404$/, parts: [], rules: ['errors.not-found'] },
  // Middleware may answer in the route's stead (short-circuit): a status stands on it too.
  { pattern: /^the status is /, parts: ['reach', 'middleware'] },
  { pattern: /^the closure received/, parts: ['reach', 'handler'] },
  { pattern: /^(the action |the parameter |the constructor received)/, parts: ['reach', 'handler'], rules: ['conversion.array', 'injection.route-param', 'dispatch.extract-by-name'] },
  { pattern: /^the trace /, parts: ['reach', 'handler', 'middleware'] },
  { pattern: /^(I generate the URL|the URL |URL generation )/, parts: ['urls'] },
  { pattern: /^I request \S+ the generated URL/, parts: ['urls'] },
  // A JSON body stands on arrays becoming JSON at all (a serializer that quotes numbers is one fault).
  { pattern: /^the JSON body /, parts: ['reach', 'handler', 'middleware'], rules: ['conversion.array'] },
  { pattern: /^(the body |the content type |the header )/, parts: ['reach', 'handler', 'middleware'] },
];

/** Failure messages of echo steps that say the right action ran (steps/echo.steps.ts): only its parameters are wrong. */
const RIGHT_ACTION = /: expected (the constructor of )?[A-Za-z]+@[A-Za-z]+('s parameter | to receive)/;
/** A status step that got a 5xx: whatever handled the request crashed, so it stands on the handler too. */
const SERVER_ERROR = /: expected status \d{3}, got 5\d\d\b/;

/**
 * Prerequisite rules of the failed step `step` in a scenario about `subject`, which are never the
 * subject itself. `extra` are the scenario's own `@needs:` rules; `generatedUrls` says the scenario
 * generated a URL before the step.
 */
export function stepNeeds(step: string | undefined, manifest: Manifest | undefined, subject: string, extra: readonly string[] = [], generatedUrls = false, message = ''): string[] {
  const out = new Set<string>(extra);
  // Once a scenario has generated a URL, what it checks next stands on that URL.
  if (generatedUrls && manifest) for (const rule of manifestRules(manifest).urls) out.add(rule);
  const kind = step === undefined ? undefined : STEP_KINDS.find((k) => k.pattern.test(step));
  if (kind) {
    const rightAction = RIGHT_ACTION.test(message);
    for (const rule of kind.rules ?? []) if (!(rightAction && rule === 'conversion.array')) out.add(rule);
    const parts = rightAction ? [] : SERVER_ERROR.test(message) ? [...new Set<Part>([...kind.parts, 'handler'])] : kind.parts;
    if (manifest && parts.length > 0) {
      const rules = manifestRules(manifest);
      for (const part of parts) for (const rule of rules[part]) out.add(rule);
    }
  }
  out.delete(subject);
  return [...out];
}

/** A URL that is the expected one with a "?" after it (steps/url.steps.ts's message). */
const EMPTY_QUERY = /^URL for "[^"]*": expected "([^"?]*)", got "\1\?"$/;

/**
 * The rule a failure itself shows to be at fault, whatever the scenario is about (Outcome.evidence).
 */
export function stepEvidence(step: string | undefined, message = ''): string | undefined {
  if (step !== undefined && /^the URL is /.test(step) && EMPTY_QUERY.test(message.trim())) return 'url.no-empty-query';
  if (CREATE_AS_SHOW.test(message)) return 'resources.create-not-show';
  if (echoesQuotedNumbers(message)) return 'conversion.array';
  return undefined;
}

/** An echo step's "expected X's parameter $p to be <json>, got <json>" (steps/echo.steps.ts). */
const ECHOED_VALUE = /'s parameter \$\w+ to be (.*), got (.*)$/s;

/**
 * The echoed value is the expected one except that numbers inside an object came back as strings:
 * the action received the numbers (the injected object holds them), and the JSON that reports them
 * quoted them on the way out — the serializer's fault (conversion.array), not the injection's.
 * Top-level values are left out: a route parameter that was never cast looks the same.
 */
function echoesQuotedNumbers(message: string): boolean {
  const m = ECHOED_VALUE.exec(message.trim());
  if (m === null) return false;
  let expected: unknown;
  let actual: unknown;
  try {
    expected = JSON.parse(m[1] as string);
    actual = JSON.parse(m[2] as string);
  } catch {
    return false;
  }
  let quoted = 0;
  const same = (e: unknown, a: unknown, depth: number): boolean => {
    if (typeof e === 'number' && typeof a === 'string' && depth >= 2 && a === String(e)) return ++quoted > 0;
    if (typeof e !== 'object' || e === null || typeof a !== 'object' || a === null) return e === a;
    if (Array.isArray(e) !== Array.isArray(a)) return false;
    const keys = Object.keys(e);
    if (keys.length !== Object.keys(a).length) return false;
    return keys.every((k) => Object.prototype.hasOwnProperty.call(a, k) && same((e as Record<string, unknown>)[k], (a as Record<string, unknown>)[k], depth + 1));
  };
  return same(expected, actual, 0) && quoted > 0;
}

/** A resource's create request that reached show (with the id "create"). */
const CREATE_AS_SHOW = /: expected (\w+)@create to run, got \1@show\b/;
