import { Then, When, type DataTable } from '@cucumber/cucumber';
import type { UrlParams } from '../conformance-runner/src/forSteps';
import { isDeepStrictEqual } from 'node:util';
import { parseFeatureJson, show } from './support/expect';
import { failWith } from './support/finding';
import type { FwWorld } from './support/world';

/** UrlGenerator::route(name, params) through POST /__fw/url (protocol §2.4). */

async function generate(world: FwWorld, name: string, params: unknown): Promise<'skipped' | undefined> {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    throw new Error(`URL parameters are a JSON object, got ${JSON.stringify(params)}`);
  }
  const app = await world.app();
  if (app === undefined) return 'skipped';
  world.recordUrl(name, await world.client.url(app, name, params as UrlParams));
  return undefined;
}

When('I generate the URL for {string}', function (this: FwWorld, name: string) {
  return generate(this, name, {});
});

When(/^I generate the URL for "([^"]*)" with (\{.*\})$/, function (this: FwWorld, name: string, json: string) {
  return generate(this, name, parseFeatureJson(json, 'the URL parameters'));
});

When('I generate the URL for {string} with the parameters:', function (this: FwWorld, name: string, json: string) {
  return generate(this, name, parseFeatureJson(json, 'the URL parameters'));
});

function generatedUrl(world: FwWorld): string {
  const { name, result } = world.url;
  if (!result.ok) failWith('url', { route: name }, `expected a URL for "${name}", but generation failed: ${result.message}`, { failed: result.message }, 'a URL');
  return result.url;
}

Then('the URL is {string}', function (this: FwWorld, expected: string) {
  const url = generatedUrl(this);
  if (url !== expected) failWith('url', { route: this.url.name }, `URL for "${this.url.name}": expected ${JSON.stringify(expected)}, got ${JSON.stringify(url)}`, url, expected);
});

/**
 * Path exact, query compared as decoded (key, value) pairs in any order: how the query is
 * encoded and ordered is not shown by the spec.
 */
Then('the URL has the path {string} and the query:', function (this: FwWorld, path: string, table: DataTable) {
  const url = generatedUrl(this);
  const q = url.indexOf('?');
  const actualPath = q === -1 ? url : url.slice(0, q);
  const rows = table.raw();
  if (JSON.stringify(rows[0]) !== JSON.stringify(['key', 'value'])) throw new Error('the query table needs the header | key | value |');
  const sortPairs = (pairs: string[][]): string[][] => [...pairs].sort((a, b) => (a.join('\0') < b.join('\0') ? -1 : 1));
  // The finding holds the whole URL and the whole expectation: where the path's entries went shows.
  if (actualPath !== path) failWith('url', { route: this.url.name }, `URL for "${this.url.name}": expected the path ${JSON.stringify(path)}, got ${JSON.stringify(url)}`, url, { path, query: sortPairs(rows.slice(1)) });
  const actual = q === -1 ? [] : [...new URLSearchParams(url.slice(q + 1))].map(([k, v]) => [k, v]);
  const want = sortPairs(rows.slice(1));
  if (!isDeepStrictEqual(sortPairs(actual), want)) {
    failWith('url', { route: this.url.name }, `query of ${JSON.stringify(url)} (decoded key/value pairs): expected ${show(want)}, got ${show(sortPairs(actual))}`, url, { path, query: want });
  }
});

Then('the URL has no query string', function (this: FwWorld) {
  const url = generatedUrl(this);
  if (url.includes('?')) failWith('url', { route: this.url.name }, `URL for "${this.url.name}": expected no query string, got ${JSON.stringify(url)}`, url);
});

/** The spec does not say that generation fails; it cannot return a path that still has a placeholder. */
Then('URL generation fails or gives a URL without a placeholder', function (this: FwWorld) {
  const { name, result } = this.url;
  if (result.ok && /[{}]/.test(result.url)) failWith('url', { route: name }, `URL for "${name}": a segment without a value must not leave its placeholder; got ${JSON.stringify(result.url)}`, result.url);
});

Then('URL generation fails', function (this: FwWorld) {
  const { name, result } = this.url;
  if (result.ok) failWith('url', { route: name }, `expected URL generation for "${name}" to fail, got ${JSON.stringify(result.url)}`);
});

Then('URL generation fails with the message {string}', function (this: FwWorld, message: string) {
  const { name, result } = this.url;
  if (result.ok) failWith('url', { route: name }, `expected URL generation for "${name}" to fail with ${JSON.stringify(message)}, got the URL ${JSON.stringify(result.url)}`);
  if (result.message !== message) failWith('url', { route: name }, `URL generation for "${name}": expected the message ${JSON.stringify(message)}, got ${show(result.message)}`, result.message, message);
});

Then('URL generation fails with a message containing {string}', function (this: FwWorld, text: string) {
  const { name, result } = this.url;
  if (result.ok) failWith('url', { route: name }, `expected URL generation for "${name}" to fail with a message containing ${JSON.stringify(text)}, got the URL ${JSON.stringify(result.url)}`);
  if (!result.message.includes(text)) failWith('url', { route: name }, `URL generation for "${name}": expected a message containing ${JSON.stringify(text)}, got ${show(result.message)}`, result.message, text);
});
