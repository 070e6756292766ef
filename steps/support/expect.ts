import { AssertionError } from 'node:assert';
import { isDeepStrictEqual } from 'node:util';
import { CLIP, clipText, describeClipped, describeFrameworkError, isSmall, safeStringify, type AppResponse } from '../../conformance-runner/src/forSteps';

/**
 * Assertions with messages that say what was sent and what came back: a failing scenario is
 * read by an implementer who has only the report in front of them.
 */
export function fail(message: string, actual?: unknown, expected?: unknown): never {
  // Cucumber diffs actual against expected on the event loop, in time quadratic in their size
  // (a 500,000-element array never finished, and starved --max-time and SIGTERM): large values
  // are left to the message, which shows both clipped.
  const diffable = isSmall(actual, CLIP.diffNodes) && isSmall(expected, CLIP.diffNodes);
  throw new AssertionError({
    message: clipText(message, CLIP.messageChars),
    ...(diffable ? { actual, expected } : {}),
    operator: 'fw',
  });
}

/**
 * Status, media type and body of an answer, for a failure message. When the adapter attached the
 * framework's error (X-Fw-Exception), that is shown in place of the body: the body of a 500 is an
 * error page whose first bytes say nothing, and it stays whole in the scenario's exchanges.
 */
export function describeResponse(res: AppResponse): string {
  const type = res.headers['content-type'];
  const head = `${res.status} ${type === undefined ? '(no content-type)' : clipText(type, 200)}`;
  if (res.frameworkError !== undefined) {
    const body = res.clipped !== undefined ? `${describeClipped(res.clipped)}, in the exchanges` : `body of ${res.body.length.toLocaleString('en-US')} characters in the exchanges`;
    return `${head}, the framework's error: ${describeFrameworkError(res.frameworkError)} (${body})`;
  }
  if (res.clipped !== undefined) return `${head} ${JSON.stringify(res.body.slice(0, 300))}… (${describeClipped(res.clipped)})`;
  const body = res.body.length > 300 ? `${JSON.stringify(res.body.slice(0, 300))}… (${res.body.length.toLocaleString('en-US')} characters, clipped to 300)` : JSON.stringify(res.body);
  return `${head} ${body}`;
}

export function expectEqual(actual: unknown, expected: unknown, what: string): void {
  if (!isDeepStrictEqual(actual, expected)) {
    fail(`${what}: expected ${show(expected)}, got ${show(actual)}`, actual, expected);
  }
}

/** A value as JSON, clipped (CLIP.valueChars) with the clip stated. */
export function show(value: unknown): string {
  return value === undefined ? 'nothing' : clipText(safeStringify(value), CLIP.valueChars);
}

/**
 * The body as JSON, when it is JSON. A clipped body (AppResponse.clipped) is not, whatever its head:
 * `{"a":1}` followed by a megabyte of spaces parses as far as it was read.
 */
export function jsonBody(res: AppResponse): { ok: true; value: unknown } | { ok: false } {
  if (res.clipped !== undefined) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(res.body) };
  } catch {
    return { ok: false };
  }
}

/**
 * `expected` is contained in `actual`: objects recursively by key (other keys allowed), arrays
 * element by element from the start (longer actual arrays allowed, so [] means "an array"),
 * everything else exactly.
 */
export function isSubset(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && expected.every((v, i) => i < actual.length && isSubset(actual[i], v));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([k, v]) => Object.prototype.hasOwnProperty.call(actual, k) && isSubset((actual as Record<string, unknown>)[k], v));
  }
  return isDeepStrictEqual(actual, expected);
}

/** Media type of a Content-Type value, lower case, without parameters. */
export function mediaType(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]!.trim().toLowerCase();
}

/** JSON from a feature file, with the line shown when it is malformed (an authoring error). */
export function parseFeatureJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${what} is not valid JSON (${(err as Error).message}): ${text}`);
  }
}

/**
 * Where a Location sends the client: the path and query of the URI reference resolved against the
 * request's (RFC 9110 §10.2.2, RFC 3986 §5), so "/target" and "http://host/target" are the same.
 * The origin of an absolute reference is not compared: the application sits behind the adapter and
 * cannot know which host the client used. Undefined when the reference is no URI at all.
 */
export function locationTarget(reference: string, requestPath: string): string | undefined {
  const parse = (ref: string, base: string | URL): URL | undefined => {
    try {
      return new URL(ref, base);
    } catch {
      return undefined;
    }
  };
  const base = parse(requestPath, 'http://target.invalid') ?? 'http://target.invalid/';
  const url = parse(reference, base);
  return url === undefined ? undefined : url.pathname + url.search;
}

