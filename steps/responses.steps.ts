import { Then } from '@cucumber/cucumber';
import { isDeepStrictEqual } from 'node:util';
import { describeResponse, isSubset, jsonBody, locationTarget, mediaType, parseFeatureJson, show } from './support/expect';
import { answered, failWith } from './support/finding';
import type { FwWorld } from './support/world';

/** Assertions on the last response: exact status, headers and bodies. */

Then('the status is {int}', function (this: FwWorld, status: number) {
  const { request, response } = this.last;
  if (response.status !== status) {
    failWith('status', answered(request, response), `${request}: expected status ${status}, got ${describeResponse(response)}`, response.status, status);
  }
});

/**
 * How a framework treats a trailing slash is not shown (dispatch.trailing-slash): one that
 * redirects "/users/" to "/users" before routing reaches no route either, as a 404 does.
 */
Then('the status is 404, or a redirect to {string}', function (this: FwWorld, target: string) {
  const { request, response } = this.last;
  if (response.status === 404) return;
  const location = response.headers['location'];
  const path = request.replace(/^[A-Z]+ /, '');
  const redirected = response.status >= 300 && response.status < 400 && location !== undefined && locationTarget(location, path) === locationTarget(target, path);
  if (!redirected) failWith('status', answered(request, response), `${request}: expected status 404 (or a redirect to ${JSON.stringify(target)}), got ${describeResponse(response)}`, response.status, 404);
});

Then('the header {string} is {string}', function (this: FwWorld, name: string, value: string) {
  const { request, response } = this.last;
  const actual = response.headers[name.toLowerCase()];
  if (actual !== value) failWith('header', { ...answered(request, response), name }, `${request}: expected the header ${name}: ${JSON.stringify(value)}, got ${show(actual)}`, actual, value);
});

/** Location is a URI reference (RFC 9110 §10.2.2): see locationTarget() for what is compared. */
Then('the Location header refers to {string}', function (this: FwWorld, expected: string) {
  const { request, response } = this.last;
  const actual = response.headers['location'];
  const path = request.replace(/^[A-Z]+ /, '');
  const got = actual === undefined ? undefined : locationTarget(actual, path);
  if (got === undefined || got !== locationTarget(expected, path)) {
    failWith('header', { ...answered(request, response), name: 'Location' }, `${request}: expected a Location that refers to ${JSON.stringify(expected)}, got ${show(actual)}`, actual, expected);
  }
});

Then('the header {string} is present', function (this: FwWorld, name: string) {
  const { request, response } = this.last;
  if (response.headers[name.toLowerCase()] === undefined) failWith('header', { ...answered(request, response), name }, `${request}: expected a ${name} header, got none (${describeResponse(response)})`);
});

Then('the status is a client error', function (this: FwWorld) {
  const { request, response } = this.last;
  if (response.status < 400 || response.status > 499) failWith('status', answered(request, response), `${request}: expected a client error status (4xx), got ${describeResponse(response)}`, response.status, '4xx');
});

Then('the status is a redirection', function (this: FwWorld) {
  const { request, response } = this.last;
  if (response.status < 300 || response.status > 399) failWith('status', answered(request, response), `${request}: expected a redirection status (3xx), got ${describeResponse(response)}`, response.status, '3xx');
});

Then('the header {string} is absent', function (this: FwWorld, name: string) {
  const { request, response } = this.last;
  const actual = response.headers[name.toLowerCase()];
  if (actual !== undefined) failWith('header', { ...answered(request, response), name }, `${request}: expected no ${name} header, got ${JSON.stringify(actual)}`, actual, null);
});

Then('the content type is {string}', function (this: FwWorld, expected: string) {
  const { request, response } = this.last;
  const actual = mediaType(response.headers['content-type']);
  if (actual !== expected.toLowerCase()) {
    failWith('media-type', answered(request, response), `${request}: expected the media type ${expected}, got ${show(response.headers['content-type'])}`, actual, expected.toLowerCase());
  }
});

Then('the body is {string}', function (this: FwWorld, expected: string) {
  const { request, response } = this.last;
  if (response.clipped !== undefined || response.body !== expected) failWith('body', answered(request, response), `${request}: expected the body ${JSON.stringify(expected)}, got ${describeResponse(response)}`, response.body, expected);
});

Then('the body is:', function (this: FwWorld, expected: string) {
  const { request, response } = this.last;
  if (response.clipped !== undefined || response.body !== expected) failWith('body', answered(request, response), `${request}: expected the body ${JSON.stringify(expected)}, got ${describeResponse(response)}`, response.body, expected);
});

Then('the body is empty', function (this: FwWorld) {
  const { request, response } = this.last;
  if (response.clipped !== undefined || response.body !== '') failWith('body', answered(request, response), `${request}: expected an empty body, got ${describeResponse(response)}`, response.body, '');
});

Then('the body does not contain {string}', function (this: FwWorld, text: string) {
  const { request, response } = this.last;
  // The rest of a clipped body was never read: it cannot be shown free of the text.
  if (response.clipped !== undefined || response.body.includes(text)) failWith('body', answered(request, response), `${request}: the body must not contain ${JSON.stringify(text)}; got ${describeResponse(response)}`);
});

/**
 * The body as JSON; a body that is not JSON (a clipped one included) fails as a JSON body that is
 * wrong, with the JSON the step expected when it says one.
 */
function jsonOf(world: FwWorld, expected?: unknown): unknown {
  const { request, response } = world.last;
  const json = jsonBody(response);
  if (json.ok) return json.value;
  return failWith('json-body', answered(request, response), `${request}: expected a JSON body${expected !== undefined ? ` ${show(expected)}` : ''}, got ${describeResponse(response)}`, response.body, expected);
}

function jsonBodyIs(world: FwWorld, expectedText: string): void {
  const { request, response } = world.last;
  const expected = parseFeatureJson(expectedText, 'the expected JSON body');
  const actual = jsonOf(world, expected);
  if (!isDeepStrictEqual(actual, expected)) failWith('json-body', answered(request, response), `${request}: JSON body: expected ${show(expected)}, got ${show(actual)}`, actual, expected);
}

Then('the JSON body is:', function (this: FwWorld, expected: string) {
  jsonBodyIs(this, expected);
});

Then(/^the JSON body is (\{.*\}|\[.*\]|".*"|-?[0-9.]+|true|false|null)$/, function (this: FwWorld, expected: string) {
  jsonBodyIs(this, expected);
});

/** PHP has one empty array, written []; a language with maps writes the empty one {}: either is an empty map. */
Then('the JSON body is an empty map or list', function (this: FwWorld) {
  const { request, response } = this.last;
  const actual = jsonOf(this, {});
  const empty = (Array.isArray(actual) && actual.length === 0) || (actual !== null && typeof actual === 'object' && !Array.isArray(actual) && Object.keys(actual).length === 0);
  if (!empty) failWith('json-body', answered(request, response), `${request}: expected the JSON body {} (or [], PHP's empty array), got ${show(actual)}`, actual, {});
});

Then('the JSON body contains:', function (this: FwWorld, expectedText: string) {
  const { request, response } = this.last;
  const expected = parseFeatureJson(expectedText, 'the expected JSON subset');
  const actual = jsonOf(this);
  // The finding compares what was asked: the body's members at the expected ones' places.
  if (!isSubset(actual, expected)) failWith('json-body', answered(request, response), `${request}: expected a JSON body containing ${show(expected)}, got ${show(actual)}`, projected(actual, expected), expected);
});

/** `actual` cut down to the members `expected` names (recursively); anything else as it is. */
function projected(actual: unknown, expected: unknown): unknown {
  if (expected === null || typeof expected !== 'object' || Array.isArray(expected) || actual === null || typeof actual !== 'object' || Array.isArray(actual)) return actual;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(expected)) if (Object.prototype.hasOwnProperty.call(actual, k)) out[k] = projected((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k]);
  return out;
}

/**
 * RFC 9110 §10.2.1: Allow is a comma-separated list of methods, optional whitespace around the
 * commas. HEAD and OPTIONS are left out of the comparison: frameworks may answer them implicitly.
 */
Then('the Allow header lists each method once', function (this: FwWorld) {
  const { request, response } = this.last;
  const listed = (response.headers['allow'] ?? '').split(',').map((m) => m.trim()).filter((m) => m !== '');
  const duplicates = [...new Set(listed.filter((m, i) => listed.indexOf(m) !== i))];
  if (duplicates.length > 0) failWith('allow', answered(request, response), `${request}: the Allow header ${JSON.stringify(response.headers['allow'])} lists ${duplicates.join(', ')} more than once`);
});

Then('the Allow header lists exactly {string}', function (this: FwWorld, expectedList: string) {
  const { request, response } = this.last;
  const raw = response.headers['allow'];
  if (raw === undefined) failWith('allow', answered(request, response), `${request}: expected an Allow header listing ${expectedList}, got none (${describeResponse(response)})`);
  const listed = raw.split(',').map((m) => m.trim()).filter((m) => m !== '');
  if (listed.some((m) => !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(m))) failWith('allow', answered(request, response), `${request}: the Allow header ${JSON.stringify(raw)} is not an RFC 9110 list of method tokens`);
  // Repeats are checked on their own (reference level): RFC 9110 does not forbid them.
  const relevant = [...new Set(listed)].filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
  const expected = expectedList.split(',').map((m) => m.trim()).filter((m) => m !== '');
  const sorted = (xs: string[]): string[] => [...xs].sort();
  if (JSON.stringify(sorted(relevant)) !== JSON.stringify(sorted(expected))) {
    failWith('allow', answered(request, response), `${request}: expected the Allow header to list exactly ${expected.join(', ')} (HEAD and OPTIONS aside), got ${JSON.stringify(raw)}`, raw, expectedList);
  }
});
