import { Then } from '@cucumber/cucumber';
import { AdapterError } from '../conformance-runner/src/forSteps';
import { describeResponse } from './support/expect';
import { answered, failWith } from './support/finding';
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
    failWith('trace', answered(this.last.request, this.last.response), `${this.last.request}: expected the trace ${want.join(', ')}; got ${actual.length > 0 ? actual.join(', ') : '(empty)'} (${describeResponse(this.last.response)})`,
      actual, want);
  }
});

/**
 * The trace with the `ctor:` entries left out. When the container builds a controller or a
 * middleware (once per request, once per process, at registration) is not shown by the spec
 * (decision 44), so a counted scenario compares only what ran.
 */
Then('the trace, constructors aside, is {string}', function (this: FwWorld, expected: string) {
  const actual = trace(this).filter((t) => !t.startsWith('ctor:'));
  const want = tokens(expected);
  if (want.some((t) => t.startsWith('ctor:'))) throw new Error(`the trace "${expected}" names a constructor: this step leaves them aside`);
  if (JSON.stringify(actual) !== JSON.stringify(want)) {
    failWith('trace', answered(this.last.request, this.last.response), `${this.last.request}: expected the trace (constructors aside) ${want.join(', ')}; got ${actual.length > 0 ? actual.join(', ') : '(empty)'} (${describeResponse(this.last.response)})`,
      actual, want);
  }
});

Then('the trace is empty', function (this: FwWorld) {
  const actual = trace(this);
  if (actual.length > 0) failWith('trace', answered(this.last.request, this.last.response), `${this.last.request}: expected nothing of the catalog to run; the trace is ${actual.join(', ')}`, actual, []);
});

Then('the trace does not contain {string}', function (this: FwWorld, token: string) {
  const actual = trace(this);
  if (actual.includes(token)) failWith('trace', answered(this.last.request, this.last.response), `${this.last.request}: ${token} must not run; the trace is ${actual.join(', ')}`, actual, `no ${token}`);
});
