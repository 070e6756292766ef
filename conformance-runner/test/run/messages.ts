import type { Envelope } from '@cucumber/messages';
import type { RuleDef, Suite } from '../../src/model/suite';

/** Builders of synthetic cucumber messages and suites for the runner's unit tests. */

export interface StepSpec {
  text?: string;
  status: 'PASSED' | 'FAILED' | 'SKIPPED' | 'PENDING' | 'UNDEFINED' | 'AMBIGUOUS' | 'UNKNOWN';
  exception?: { type: string; message?: string };
  message?: string;
  hook?: boolean;
}

export interface ScenarioSpec {
  id: string;
  rules?: string[];
  tags?: string[];
  line?: number;
  steps: StepSpec[];
  attachments?: Array<{ mediaType: string; body: unknown; base64?: boolean }>;
  /** Start but never finish (a scenario running when the run stopped). */
  unfinished?: boolean;
  durationMs?: number;
}

const ts = (ms: number) => ({ seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 });

export function envelopesFor(scenarios: ScenarioSpec[], uri = 'features/01-x.feature'): Envelope[] {
  const out: Envelope[] = [];
  let clock = 1_700_000_000_000;
  scenarios.forEach((spec, n) => {
    const pickleId = `pickle-${n}`;
    const tags = [`@id:${spec.id}`, ...(spec.rules ?? []).map((r) => `@rule:${r}`), ...(spec.tags ?? [])];
    const pickleSteps = spec.steps.filter((s) => !s.hook).map((s, i) => ({ id: `${pickleId}-ps${i}`, text: s.text ?? `step ${i}`, astNodeIds: [], type: undefined }));
    out.push({ pickle: { id: pickleId, uri, location: { line: spec.line ?? 10 + n * 5 }, name: `scenario ${spec.id}`, language: 'en', steps: pickleSteps, tags: tags.map((name) => ({ name, astNodeId: '0' })), astNodeIds: ['0'] } } as unknown as Envelope);
  });
  scenarios.forEach((spec, n) => {
    const pickleId = `pickle-${n}`;
    let stepIndex = 0;
    const testSteps = spec.steps.map((s, i) => (s.hook ? { id: `tc${n}-s${i}`, hookId: 'h' } : { id: `tc${n}-s${i}`, pickleStepId: `${pickleId}-ps${stepIndex++}` }));
    out.push({ testCase: { id: `tc${n}`, pickleId, testSteps } } as unknown as Envelope);
  });
  scenarios.forEach((spec, n) => {
    const started = `tcs${n}`;
    out.push({ testCaseStarted: { id: started, testCaseId: `tc${n}`, attempt: 0, timestamp: ts(clock) } } as unknown as Envelope);
    spec.steps.forEach((s, i) => {
      out.push({
        testStepFinished: {
          testCaseStartedId: started, testStepId: `tc${n}-s${i}`, timestamp: ts(clock),
          testStepResult: { status: s.status, duration: { seconds: 0, nanos: 0 }, exception: s.exception, message: s.message ?? s.exception?.message },
        },
      } as unknown as Envelope);
    });
    for (const a of spec.attachments ?? []) {
      const text = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
      out.push({
        attachment: {
          testCaseStartedId: started, mediaType: a.mediaType,
          body: a.base64 ? Buffer.from(text).toString('base64') : text, contentEncoding: a.base64 ? 'BASE64' : 'IDENTITY',
        },
      } as unknown as Envelope);
    }
    clock += spec.durationMs ?? 25;
    if (!spec.unfinished) out.push({ testCaseFinished: { testCaseStartedId: started, timestamp: ts(clock), willBeRetried: false } } as unknown as Envelope);
  });
  return out;
}

export function suiteOf(rules: RuleDef[]): Suite {
  return { root: '/suite', spec: 'spec.md', rules, ruleById: new Map(rules.map((r) => [r.id, r])), scenarios: [], warnings: [] };
}

export const RULES: RuleDef[] = [
  { id: 'params.constraint-regex', section: 'Endpoints / Route parameters', level: 'must', statement: 'A constraint selects segments.' },
  { id: 'params.anchored', section: 'Endpoints / Route parameters', level: 'implied', statement: 'Whole-URI match.' },
  { id: 'errors.not-found', section: 'Errors', level: 'must', statement: '404 when nothing matches.' },
  { id: 'errors.body', section: 'Errors', level: 'reference', statement: 'The 404 body is {"message":"Not Found"}.' },
];
