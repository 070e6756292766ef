import { When } from '@cucumber/cucumber';
import type { AppRequest } from '../conformance-runner/src/forSteps';
import { parseFeatureJson } from './support/expect';
import { failWith } from './support/finding';
import type { FwWorld } from './support/world';

/** Application requests. Paths are sent byte for byte: percent-encoding is the scenario's. */

async function send(world: FwWorld, request: AppRequest): Promise<'skipped' | undefined> {
  const app = await world.app();
  if (app === undefined) return 'skipped';
  const response = await world.client.send(app, request);
  world.recordResponse(`${request.method} ${request.path.length > 120 ? `${request.path.slice(0, 120)}…` : request.path}`, response);
  return undefined;
}

function checkMethod(method: string): string {
  if (!/^[A-Z]+$/.test(method)) throw new Error(`"${method}" is not an HTTP method: write it in capitals, e.g. GET`);
  return method;
}

When('I request {word} {string}', function (this: FwWorld, method: string, path: string) {
  return send(this, { method: checkMethod(method), path });
});

/**
 * A framework may refuse a definition the spec leaves open (a capturing group in a constraint) when
 * it registers it as well as when it dispatches: a refused boot is recorded, and the step after it
 * ("unless the framework refuses the constraint, ...") accepts it like a 5xx at dispatch.
 */
When('I request {word} {string}, unless the framework refuses the constraint', async function (this: FwWorld, method: string, path: string) {
  const state = await this.load();
  if (state.kind === 'unsupported') return 'skipped';
  if (state.kind === 'boot-failed') {
    this.refusedConstraint = state.message;
    return undefined;
  }
  return send(this, { method: checkMethod(method), path });
});

When('I request {word} {string} with the JSON body:', function (this: FwWorld, method: string, path: string, body: string) {
  return send(this, { method: checkMethod(method), path, body: parseFeatureJson(body, 'the JSON body') });
});

/** What an API client sends: a JSON body, and it accepts JSON back. */
When('I request {word} {string} as a JSON client with the body:', function (this: FwWorld, method: string, path: string, body: string) {
  return send(this, { method: checkMethod(method), path, body: parseFeatureJson(body, 'the JSON body'), headers: { accept: 'application/json' } });
});

When('I request {word} {string} with the form body {string}', function (this: FwWorld, method: string, path: string, body: string) {
  return send(this, { method: checkMethod(method), path, body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
});

When('I request {word} {string} with the header {string} set to {string}', function (this: FwWorld, method: string, path: string, name: string, value: string) {
  return send(this, { method: checkMethod(method), path, headers: { [name]: value } });
});

When('I request {word} a path of {int} characters starting with {string}', function (this: FwWorld, method: string, length: number, prefix: string) {
  if (prefix.length > length) throw new Error(`the prefix is longer than ${length} characters`);
  return send(this, { method: checkMethod(method), path: prefix + 'a'.repeat(length - prefix.length) });
});

When('I request {word} {string} with a body of {int} bytes', function (this: FwWorld, method: string, path: string, size: number) {
  return send(this, { method: checkMethod(method), path, body: 'x'.repeat(size), headers: { 'content-type': 'text/plain' } });
});

When('I request {word} {string} with a chunked body of {int} bytes', function (this: FwWorld, method: string, path: string, size: number) {
  return send(this, { method: checkMethod(method), path, body: 'x'.repeat(size), headers: { 'content-type': 'text/plain' }, chunked: true });
});

When('I request {word} {string} with the body {string} of type {string}', function (this: FwWorld, method: string, path: string, body: string, type: string) {
  return send(this, { method: checkMethod(method), path, body, headers: { 'content-type': type } });
});

When('I request {word} {string} with the body {string} and no content type', function (this: FwWorld, method: string, path: string, body: string) {
  return send(this, { method: checkMethod(method), path, body });
});

When('I request {word} the generated URL', function (this: FwWorld, method: string) {
  const { name, result } = this.url;
  if (!result.ok) failWith('url', { route: name }, `the URL for "${name}" could not be generated (${result.message}), so it cannot be requested`, { failed: result.message }, 'a URL');
  // The framework made this URL: one that HTTP cannot carry is its failure, not the adapter's.
  const unsendable = /[^\x21-\x7e]/.exec(result.url);
  if (unsendable !== null) {
    failWith('url', { route: name }, `the URL ${JSON.stringify(result.url)} generated for "${name}" cannot be sent: a request target holds no ${JSON.stringify(unsendable[0])} (RFC 9112 §3.2; it must be percent-encoded)`, result.url);
  }
  return send(this, { method: checkMethod(method), path: result.url });
});
