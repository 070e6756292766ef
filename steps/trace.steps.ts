import { Then } from '@cucumber/cucumber';
import { AdapterError } from '../conformance-runner/src/protocol';
import { describeResponse, fail } from './support/expect';
import type { FwWorld } from './support/world';

/** X-Fw-Trace (protocol §3): what of the probe catalog ran, in order. */

function trace(world: FwWorld): string[] {
  const { request, response } = world.last;
  // The adapter adds the header to every application response; without it nothing can be said.
  if (!response.traced) throw new AdapterError(`${request}: the response carries no X-Fw-Trace header (protocol §3)`);
  return response.trace;
}

function tokens(list: string): string[] {
  return list.split(',').map((t) => t.trim()).filter((t) => t !== '');
}

Then('the trace is {string}', function (this: FwWorld, expected: string) {
  const actual = trace(this);
  const want = tokens(expected);
  if (JSON.stringify(actual) !== JSON.stringify(want)) {
    fail(`${this.last.request}: expected the trace ${want.join(', ')}; got ${actual.length > 0 ? actual.join(', ') : '(empty)'} (${describeResponse(this.last.response)})`,
      actual, want);
  }
});

Then('the trace is empty', function (this: FwWorld) {
  const actual = trace(this);
  if (actual.length > 0) fail(`${this.last.request}: expected nothing of the catalog to run; the trace is ${actual.join(', ')}`, actual, []);
});

Then('the trace does not contain {string}', function (this: FwWorld, token: string) {
  const actual = trace(this);
  if (actual.includes(token)) fail(`${this.last.request}: ${token} must not run; the trace is ${actual.join(', ')}`);
});
