import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Envelope } from '@cucumber/messages';
import { RunHooks } from '../../src/run/cucumber/runHooks';
import { hungControlCalls } from '../../src/run/finish/hungCalls';

/** What cucumber 12 throws when a run hook fails: it calls every one "a BeforeAll hook" (issue 38). */
const crash = new Error('a BeforeAll hook errored, process exiting: steps/properties/properties.steps.ts:57');

function envelopes(type: 'BEFORE_TEST_RUN' | 'AFTER_TEST_RUN'): Envelope[] {
  return [
    { hook: { id: 'h1', type, sourceReference: { uri: 'steps/properties/properties.steps.ts', location: { line: 57 } } } },
    { testRunHookStarted: { id: 's1', hookId: 'h1', testRunStartedId: 'r', timestamp: { seconds: 0, nanos: 0 } } },
    {
      testRunHookFinished: {
        testRunHookStartedId: 's1', timestamp: { seconds: 0, nanos: 0 },
        result: { status: 'FAILED', duration: { seconds: 120, nanos: 0 }, message: 'function timed out, ensure the promise resolves within 120000 milliseconds\n    at …' },
      },
    },
  ] as unknown as Envelope[];
}

describe('why cucumber could not run the suite', () => {
  it('names an AfterAll hook as such, where it is and why it failed', () => {
    const hooks = new RunHooks();
    envelopes('AFTER_TEST_RUN').forEach(hooks.observe);
    assert.equal(hooks.explain(crash), 'an AfterAll hook failed (steps/properties/properties.steps.ts:57): function timed out, ensure the promise resolves within 120000 milliseconds');
  });

  it('names a BeforeAll hook as such', () => {
    const hooks = new RunHooks();
    envelopes('BEFORE_TEST_RUN').forEach(hooks.observe);
    assert.match(hooks.explain(crash), /^a BeforeAll hook failed \(steps\/properties\/properties\.steps\.ts:57\): function timed out/);
  });

  it('leaves any other crash as cucumber words it', () => {
    assert.equal(new RunHooks().explain(crash), crash.message);
    const hooks = new RunHooks();
    envelopes('AFTER_TEST_RUN').forEach(hooks.observe);
    assert.equal(hooks.explain(new Error('no features')), 'no features');
  });
});

describe('control calls that did not answer in time', () => {
  it('are named once for the run, with the scenarios that met them; ids of applications are not part of the name', () => {
    const warning = hungControlCalls([
      { id: 'named-property-route-names', status: 'timed-out', message: 'POST /__fw/urls did not answer within 10000 ms (property "route-names", seed 1, case 8)' },
      { id: 'url-property-url-generation', status: 'timed-out', message: 'POST /__fw/urls did not answer within 10000 ms' },
      { id: 'params-x', status: 'timed-out', message: 'DELETE /__fw/apps/a1b2 did not answer within 10000 ms' },
      { id: 'app-call', status: 'timed-out', message: 'GET /users/1 did not answer within 10000 ms' },
      { id: 'passed', status: 'passed' },
    ]);
    assert.equal(warning, 'the adapter did not answer these control calls in time: POST /__fw/urls (no answer within 10000 ms; 2 scenarios: ' +
      'named-property-route-names, url-property-url-generation); DELETE /__fw/apps/{id} (no answer within 10000 ms; 1 scenario: params-x). ' +
      'A control call that hangs is the adapter\'s fault (protocol §2), not the framework\'s');
    assert.equal(hungControlCalls([{ id: 'app-call', status: 'timed-out', message: 'GET /users/1 did not answer within 10000 ms' }]), undefined);
  });
});
