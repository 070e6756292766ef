import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MEDIA } from '../../src/protocol/world';
import { Collector } from '../../src/run/cucumber/collector';
import { TIMING_MEDIA } from '../../src/protocol/requestTiming';
import type { ScenarioResult } from '../../src/model/results';
import { publishAdapterOutput } from '../../src/target/adapterOutput';
import { envelopesFor, RULES, suiteOf, type ScenarioSpec } from './messages';

function collect(specs: ScenarioSpec[], failFast = false): { results: Map<string, ScenarioResult>; collector: Collector; events: string[] } {
  const events: string[] = [];
  const collector = new Collector(suiteOf(RULES), {
    onStarted: (s) => events.push(`start ${s.id}`),
    onFinished: (r) => events.push(`finish ${r.id} ${r.status}`),
  }, failFast);
  for (const e of envelopesFor(specs)) collector.onMessage(e);
  return { results: collector.finished(), collector, events };
}

function statusOf(spec: Omit<ScenarioSpec, 'id'>, failFast = false): ScenarioResult {
  return collect([{ id: 'x', ...spec }], failFast).results.get('x')!;
}

describe('status classification from cucumber messages', () => {
  it('passed when every step passed', () => {
    const r = statusOf({ steps: [{ status: 'PASSED', hook: true }, { status: 'PASSED' }, { status: 'PASSED' }] });
    assert.equal(r.status, 'passed');
    assert.equal(r.message, undefined);
  });

  it('failed for an assertion error, with its message and step', () => {
    const r = statusOf({ steps: [{ status: 'PASSED' }, { text: 'the status is 404', status: 'FAILED', exception: { type: 'AssertionError', message: 'expected 404, got 200' } }, { status: 'SKIPPED' }] });
    assert.equal(r.status, 'failed');
    assert.equal(r.message, 'expected 404, got 200');
    assert.equal(r.step, 'the status is 404');
  });

  it('errored when the exception is an AdapterError', () => {
    const r = statusOf({ steps: [{ status: 'FAILED', exception: { type: 'AdapterError', message: 'POST /__fw/apps answered 200' } }] });
    assert.equal(r.status, 'errored');
    assert.equal(r.message, 'POST /__fw/apps answered 200');
  });

  it('errored when an AdapterError lost its type but names itself in the message', () => {
    const r = statusOf({ steps: [{ status: 'FAILED', message: 'AdapterError: the adapter could not serve GET /x' }] });
    assert.equal(r.status, 'errored');
  });

  it('timed-out for a RequestTimeoutError', () => {
    const r = statusOf({ steps: [{ status: 'FAILED', exception: { type: 'RequestTimeoutError', message: 'GET /x did not answer within 100 ms' } }] });
    assert.equal(r.status, 'timed-out');
  });

  it("timed-out for cucumber's own step timeout", () => {
    const r = statusOf({ steps: [{ status: 'FAILED', exception: { type: 'Error', message: 'function timed out, ensure the promise resolves within 20000 milliseconds' } }] });
    assert.equal(r.status, 'timed-out');
  });

  it('failed (not timed-out) for an ordinary error that mentions a timeout', () => {
    const r = statusOf({ steps: [{ status: 'FAILED', exception: { type: 'Error', message: 'the response said: function timed out' } }] });
    assert.equal(r.status, 'failed');
  });

  it('unsupported when a step attached MEDIA.unsupported and returned skipped', () => {
    const r = statusOf({
      steps: [{ status: 'SKIPPED' }, { status: 'SKIPPED' }],
      attachments: [{ mediaType: MEDIA.unsupported, body: { capability: 'views', message: 'the target does not declare "views"' } }],
    });
    assert.equal(r.status, 'unsupported');
    assert.equal(r.message, 'the target does not declare "views"');
  });

  it('unsupported when the attachment is base64-encoded', () => {
    const r = statusOf({ steps: [{ status: 'SKIPPED' }], attachments: [{ mediaType: MEDIA.unsupported, body: { capability: 'groups' }, base64: true }] });
    assert.equal(r.status, 'unsupported');
    assert.match(r.message!, /capability "groups"/);
  });

  it('unsupported when an UnsupportedError escaped a step', () => {
    const r = statusOf({ steps: [{ status: 'FAILED', exception: { type: 'UnsupportedError', message: 'the target does not support the capability "models"' } }] });
    assert.equal(r.status, 'unsupported');
  });

  it('a failure wins over an unsupported attachment made before it', () => {
    const r = statusOf({ steps: [{ status: 'FAILED', exception: { type: 'AssertionError', message: 'boom' } }], attachments: [{ mediaType: MEDIA.unsupported, body: { capability: 'views' } }] });
    assert.equal(r.status, 'failed');
  });

  it('skipped for an undefined, pending or ambiguous step, saying which', () => {
    assert.deepEqual([statusOf({ steps: [{ status: 'PASSED' }, { text: 'I frobnicate', status: 'UNDEFINED' }] })].map((r) => [r.status, r.message]),
      [['skipped', 'not run: undefined step "I frobnicate"']]);
    assert.equal(statusOf({ steps: [{ text: 'later', status: 'PENDING' }] }).message, 'not run: pending step "later"');
    assert.equal(statusOf({ steps: [{ text: 'twice', status: 'AMBIGUOUS' }] }).message, 'not run: ambiguous step "twice"');
  });

  it('skipped when steps were skipped, with the fail-fast reason under --fail-fast', () => {
    assert.equal(statusOf({ steps: [{ status: 'SKIPPED' }] }).status, 'skipped');
    assert.match(statusOf({ steps: [{ status: 'SKIPPED' }] }, true).message!, /--fail-fast/);
  });

  it('a failing hook counts, and is named as the step', () => {
    const r = statusOf({ steps: [{ status: 'PASSED' }, { status: 'FAILED', hook: true, exception: { type: 'AdapterError', message: 'DELETE failed' } }] });
    assert.equal(r.status, 'errored');
    assert.equal(r.step, 'hook');
  });
});

describe('Collector', () => {
  it('reads the scenario id, rules, level, feature line and duration', () => {
    const r = collect([{ id: 'params-x', rules: ['params.constraint-regex', 'params.anchored'], line: 42, durationMs: 130, steps: [{ status: 'PASSED' }] }]).results.get('params-x')!;
    assert.deepEqual(r.rules, ['params.constraint-regex', 'params.anchored']);
    assert.equal(r.level, 'implied');
    assert.equal(r.feature, 'features/01-x.feature:42');
    assert.equal(r.durationMs, 130);
  });

  it('a scenario touching a reference rule is reference-level', () => {
    const r = collect([{ id: 'e', rules: ['errors.not-found', 'errors.body'], steps: [{ status: 'PASSED' }] }]).results.get('e')!;
    assert.equal(r.level, 'reference');
  });

  it('keeps the repro, property and timing attachments', () => {
    const repro = { manifest: { protocol: 2, routeFiles: { web: [] } }, exchanges: [{ method: 'GET', path: '/x', requestHeaders: {}, durationMs: 1, status: 200 }] };
    const property = { property: 'regex-constraints', seed: 42, numRuns: 100, path: '3:1', gherkin: 'Scenario: x' };
    const r = collect([{
      id: 'p', steps: [{ status: 'FAILED', exception: { type: 'Error', message: 'Property failed' } }],
      attachments: [{ mediaType: MEDIA.repro, body: repro }, { mediaType: MEDIA.property, body: property }, { mediaType: TIMING_MEDIA, body: { requests: 2, durationsMs: [1.5, 2.5] } }],
    }]).results.get('p')!;
    assert.deepEqual(r.repro, repro);
    assert.deepEqual(r.property, property);
    assert.deepEqual(r.timing, { requests: 2, durationsMs: [1.5, 2.5] });
  });

  it('a malformed attachment becomes a warning, not a crash', () => {
    const { results, collector } = collect([{ id: 'm', steps: [{ status: 'PASSED' }], attachments: [{ mediaType: MEDIA.repro, body: '{not json' }] }]);
    assert.equal(results.get('m')!.status, 'passed');
    assert.match(collector.warnings[0]!, /repro attachment is not JSON/);
  });

  it('reports started-but-unfinished scenarios as in flight', () => {
    const { results, collector, events } = collect([
      { id: 'done', steps: [{ status: 'PASSED' }] },
      { id: 'running', steps: [{ status: 'PASSED' }], unfinished: true },
    ]);
    assert.deepEqual([...results.keys()], ['done']);
    assert.deepEqual(collector.inFlight().map((s) => s.id), ['running']);
    assert.deepEqual(events, ['start done', 'finish done passed', 'start running']);
  });

  it('keeps every envelope for the cucumber reports, and the JSON of each as kept (clipped)', () => {
    const long = 'x'.repeat(100_000);
    const specs: ScenarioSpec[] = [{ id: 'a', steps: [{ status: 'PASSED' }] }, { id: 'b', steps: [{ status: 'FAILED', exception: { type: 'AssertionError', message: long } }] }];
    const { collector } = collect(specs);
    assert.equal(collector.envelopes.length, envelopesFor(specs).length);
    assert.deepEqual(collector.json, collector.envelopes.map((e) => JSON.stringify(e)));
    assert.ok(!collector.json.some((j) => j.includes(long)), 'the JSON of the clipped message, not of the one received');
  });

  it('names an unknown rule in a warning and counts the scenario as must', () => {
    const { results, collector } = collect([{ id: 'u', rules: ['nope.rule'], steps: [{ status: 'PASSED' }] }]);
    assert.equal(results.get('u')!.level, 'must');
    assert.match(collector.warnings.join('\n'), /names the rule "nope\.rule", which is not in features\/rules\.json/);
  });
});

describe('what the adapter wrote to stderr while each scenario ran', () => {
  it('is kept with the scenario whose start and end it falls between', () => {
    const collector = new Collector(suiteOf(RULES));
    let started = 0;
    publishAdapterOutput('written before any scenario');
    for (const e of envelopesFor([
      { id: 'a', steps: [{ status: 'FAILED', exception: { type: 'AssertionError', message: 'expected 200, got 500' } }] },
      { id: 'b', steps: [{ status: 'PASSED' }] },
    ])) {
      collector.onMessage(e);
      if (e.testCaseStarted) publishAdapterOutput(`[fw] line of scenario ${started++ === 0 ? 'a' : 'b'}`);
    }
    const results = collector.finished();
    publishAdapterOutput('written after the run');
    assert.deepEqual(results.get('a')!.adapterOutput, ['[fw] line of scenario a']);
    assert.deepEqual(results.get('b')!.adapterOutput, ['[fw] line of scenario b']);
  });

  it('is absent when the adapter wrote nothing meanwhile', () => {
    const r = statusOf({ steps: [{ status: 'PASSED' }] });
    assert.equal(r.adapterOutput, undefined);
  });
});
