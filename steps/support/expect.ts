import { AssertionError } from 'node:assert';
import { isDeepStrictEqual } from 'node:util';
import type { AppResponse } from '../../conformance-runner/src/protocol';

/**
 * Assertions with messages that say what was sent and what came back: a failing scenario is
 * read by an implementer who has only the report in front of them.
 */
export function fail(message: string, actual?: unknown, expected?: unknown): never {
  throw new AssertionError({ message, actual, expected, operator: 'fw' });
}

export function describeResponse(res: AppResponse): string {
  const body = res.body.length > 300 ? `${res.body.slice(0, 300)}…` : res.body;
  return `${res.status} ${res.headers['content-type'] ?? '(no content-type)'} ${JSON.stringify(body)}`;
}

export function expectEqual(actual: unknown, expected: unknown, what: string): void {
  if (!isDeepStrictEqual(actual, expected)) {
    fail(`${what}: expected ${show(expected)}, got ${show(actual)}`, actual, expected);
  }
}

export function show(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

/** Parses JSON or fails with the body shown. */
export function parseJsonBody(res: AppResponse, context: string): unknown {
  try {
    return JSON.parse(res.body);
  } catch {
    return fail(`${context}: expected a JSON body, got ${describeResponse(res)}`);
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
