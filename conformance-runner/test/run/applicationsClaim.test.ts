import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ApplicationsFinding } from '../../src/check-adapter';
import { applicationsLine, applicationsRecord, unjudgedWhenMixed } from '../../src/run/control/applicationsClaim';
import { worldParametersFor } from '../../src/run/control/worldParameters';
import { parseCommandLine } from '../../src/cli/args';
import { scenario } from './results';

const finding = (over: Partial<ApplicationsFinding>): ApplicationsFinding =>
  ({ declared: 'per-request', claim: 'held', mixed: false, used: 'per-request', problems: [], evidence: [], ...over });

describe('the applications claim, as the run uses it (issue 38)', () => {
  it('a claim that held is used; one that failed is not, and says why on the console and in conformance.json', () => {
    assert.equal(applicationsLine(finding({})), 'applications: per-request (checked: each manifest is loaded once, and its application shared)');
    const failed = finding({ claim: 'failed', used: 'persistent', problems: ['§2.2: …'] });
    assert.match(applicationsLine(failed), /^applications: the adapter declares "applications": "per-request" but does not behave so \(adapter check "applications"\): the run loads a fresh application/);
    assert.deepEqual({ ...applicationsRecord(failed), message: undefined }, { declared: 'per-request', claim: 'failed', used: 'persistent', mixed: false, message: undefined });
    assert.equal(applicationsLine(finding({ declared: 'persistent', claim: 'unchecked', used: 'persistent' })), 'applications: persistent (a fresh application for every scenario)');
  });

  it('the world parameters share applications only as the run uses them', () => {
    const target = { address: { url: 'http://127.0.0.1:1', token: 't' }, info: { protocol: 2, implementation: { name: 'x', version: '1', language: 'PHP' }, capabilities: ['routing'], applications: 'per-request' } } as never;
    const options = parseCommandLine(['--target', 'http://127.0.0.1:1', '--token', 't'], '/w');
    const selection = { scenarios: [], rules: [], tagExpression: undefined, filters: undefined } as never;
    assert.ok(worldParametersFor(target, undefined, options, 1, selection, undefined, 'per-request').shareApps);
    assert.equal(worldParametersFor(target, undefined, options, 1, selection, undefined, 'persistent').shareApps, undefined);
  });

  it("an adapter that mixes up applications: no failure is judged, each is the adapter's error; passes stay", () => {
    const results = [scenario('a', 'passed', ['r.a']), scenario('b', 'failed', ['r.b']), scenario('c', 'errored', ['r.c'])];
    assert.deepEqual(unjudgedWhenMixed(results, finding({ mixed: false })), results);
    const judged = unjudgedWhenMixed(results, finding({ mixed: true, claim: 'failed', used: 'persistent' }));
    assert.deepEqual(judged.map((r) => r.status), ['passed', 'errored', 'errored']);
    assert.match(judged[1]!.message!, /^not judged: the adapter answers a request of one application with another's answer \(adapter check "applications", protocol §3\); the scenario saw: b did not pass$/);
    assert.deepEqual(judged[1]!.outcomes.map((o) => o.status), ['errored']);
    assert.equal(judged[2], results[2]);
  });
});
