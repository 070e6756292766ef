import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateMessages } from '@cucumber/gherkin';
import { IdGenerator, SourceMediaType, type Envelope, type Pickle } from '@cucumber/messages';
import { LaneMerge } from '../../../src/run/cucumber/lanes/laneMerge';

const FEATURE = `Feature: lanes
  Background:
    Given a route

  Scenario: one
    When I request "/a"
    Then the status is 200

  Scenario Outline: many
    When I request "<path>"
    Then the status is <status>

    Examples:
      | path | status |
      | /b   | 404    |
      | /c   | 405    |
`;

const ts = (ms: number) => ({ seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 });

/**
 * What one lane of a run sends, as cucumber makes it: the whole feature parsed with ids of its
 * own, then the test cases of its share of the pickles (here every n-th; a large file is split
 * among lanes by lines, lanePlan.ts).
 */
function laneMessages(index: number, of: number, fails: boolean): Envelope[] {
  const parsed = generateMessages(FEATURE, 'features/x.feature', SourceMediaType.TEXT_X_CUCUMBER_GHERKIN_PLAIN, {
    includeSource: true, includeGherkinDocument: true, includePickles: true, newId: IdGenerator.uuid(),
  });
  const pickles = parsed.filter((e) => e.pickle).map((e) => e.pickle!);
  const runId = `run-${index}`;
  const out: Envelope[] = [{ meta: { protocolVersion: '1', implementation: { name: 'cucumber-js' }, runtime: { name: 'node' }, os: { name: 'linux' }, cpu: { name: 'x64' } } }, ...parsed];
  out.push({ stepDefinition: { id: 'def-1', pattern: { source: 'I request {string}', type: 'CUCUMBER_EXPRESSION' }, sourceReference: { uri: 'steps/x.ts' } } } as Envelope);
  out.push({ testRunStarted: { id: runId, timestamp: ts(1000 + index) } });
  pickles.filter((_, i) => i % of === index - 1).forEach((p: Pickle, i) => {
    const tc = `tc-${index}-${i}`;
    out.push({ testCase: { id: tc, pickleId: p.id, testRunStartedId: runId, testSteps: p.steps.map((s, k) => ({ id: `${tc}-${k}`, pickleStepId: s.id, stepDefinitionIds: ['def-1'], stepMatchArgumentsLists: [] })) } });
    out.push({ testCaseStarted: { id: `${tc}-started`, testCaseId: tc, attempt: 0, timestamp: ts(2000) } });
    out.push({ testCaseFinished: { testCaseStartedId: `${tc}-started`, timestamp: ts(3000), willBeRetried: false } });
  });
  out.push({ testRunFinished: { success: !fails, timestamp: ts(9000 + index), testRunStartedId: runId } });
  return out;
}

/** Every lane's messages through one merge, interleaved one message at a time (as lanes that run at once send them). */
function merged(lanes: number, failing: number[] = []): { out: Envelope[]; warnings: string[] } {
  const out: Envelope[] = [];
  const merge = new LaneMerge(lanes, (e) => out.push(e));
  const streams = Array.from({ length: lanes }, (_, i) => ({ messages: laneMessages(i + 1, lanes, failing.includes(i + 1)), send: merge.lane() }));
  // Lane 2 first: which lane's copy is kept must not matter.
  for (let step = 0; streams.some((s) => s.messages.length > 0); step++) {
    for (const s of [...streams].reverse()) { const e = s.messages.shift(); if (e) s.send(e); }
  }
  return { out, warnings: merge.warnings };
}

function ids(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => ids(v, into));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) { if (k === 'id' && typeof v === 'string') into.add(v); else ids(v, into); }
  return into;
}

describe("the lanes' messages merged into one run's (laneMerge.ts)", () => {
  it('reads as one run: one document, each pickle once, every test case pointing at a kept pickle and its steps', () => {
    const { out, warnings } = merged(2);
    assert.deepEqual(warnings, []);
    const count = (key: keyof Envelope) => out.filter((e) => e[key] !== undefined).length;
    assert.equal(count('meta'), 1);
    assert.equal(count('source'), 1);
    assert.equal(count('gherkinDocument'), 1);
    assert.equal(count('pickle'), 3);
    assert.equal(count('stepDefinition'), 1);
    assert.equal(count('testRunStarted'), 1);
    assert.equal(count('testRunFinished'), 1);
    assert.equal(count('testCase'), 3);
    const doc = ids(out.find((e) => e.gherkinDocument)!.gherkinDocument);
    const pickles = new Map(out.filter((e) => e.pickle).map((e) => [e.pickle!.id, e.pickle!]));
    for (const p of pickles.values()) {
      for (const node of [...p.astNodeIds, ...p.steps.flatMap((s) => s.astNodeIds)]) assert.ok(doc.has(node), `node ${node} of pickle ${p.name} is in the document`);
    }
    const runId = out.find((e) => e.testRunStarted)!.testRunStarted!.id;
    const covered = new Set<string>();
    for (const { testCase } of out.filter((e) => e.testCase)) {
      const pickle = pickles.get(testCase!.pickleId);
      assert.ok(pickle, `the test case ${testCase!.id} names a kept pickle`);
      covered.add(pickle.id);
      assert.equal(testCase!.testRunStartedId, runId);
      const steps = new Set(pickle.steps.map((s) => s.id));
      for (const step of testCase!.testSteps) assert.ok(steps.has(step.pickleStepId!), 'its steps are the kept pickle\'s');
    }
    assert.equal(covered.size, 3, 'every pickle ran once, in one lane or the other');
    assert.equal(out.find((e) => e.testRunFinished)!.testRunFinished!.testRunStartedId, runId);
  });

  it('the run finishes after the last lane, and fails when one lane did', () => {
    const ok = merged(3);
    assert.equal(ok.out[ok.out.length - 1]!.testRunFinished?.success, true);
    assert.deepEqual(ok.out[ok.out.length - 1]!.testRunFinished?.timestamp, ts(9003));
    const failed = merged(3, [2]);
    assert.equal(failed.out.filter((e) => e.testRunFinished).length, 1);
    assert.equal(failed.out[failed.out.length - 1]!.testRunFinished?.success, false);
  });
});
