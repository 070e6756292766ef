import * as fs from 'node:fs';
import * as path from 'node:path';
import { CAPABILITIES } from '../conformance-runner/src/protocol/manifest';

/**
 * The self-test's second half (issue 18): the verdict and the gate judged on behaviours, not on
 * rules. A gate case records expectations under one fault, then runs with a second fault added:
 * the gate must fail (exit 1) and name the change; the first fault alone must still pass its own
 * expectations, so the failure is the second fault's doing. A harmless behaviour breaks no sentence
 * of the spec (decision 57): it must leave no must or implied root cause.
 */
export interface GateCase {
  id: string;
  description: string;
  /** Proxy transforms (selftest/proxy/transforms.ts) the expectations are recorded under; none: no file. */
  record?: string;
  /** Proxy transforms of the run the gate must fail. */
  run: string;
  /** Extra runner arguments of the failing run (a profile). */
  args?: string[];
  /** What the failing run must print: the change the gate saw. */
  says: RegExp;
}

export const GATE_CASES: GateCase[] = [
  {
    id: 'gate-regression-behind-expected-failure',
    description: 'expectations recorded with uncast parameters; a context object for every parameter is added, breaking results the recorded file held blocked or failed for another reason',
    record: 'never-cast', run: 'never-cast+context-object', says: /gate: FAIL \(exit 1\)/,
  },
  {
    id: 'gate-new-scenario-in-expected-rule',
    description: 'expectations recorded with 0 reaching int parameters as "0"; then no int is cast: new failing scenarios inside injection.cast-int, already expected to fail',
    record: 'zero-int-uncast', run: 'zero-int-uncast+never-cast-int', says: /injection-int-42/,
  },
  {
    id: 'gate-501-dodge-under-profile',
    description: 'the adapter answers 501 unsupported naming factory-api, which it no longer declares, to every manifest with a constraint; held to its declared profile',
    run: 'dodge-constraints-501',
    args: ['--profile', CAPABILITIES.filter((c) => c !== 'factory-api').join(',')],
    says: /gate: FAIL \(exit 1\)/,
  },
];

export interface Harmless { id: string; description: string; proxy: string }

export const HARMLESS: Harmless[] = [
  { id: 'harmless-absolute-location', description: 'redirects name their target with an absolute URL (RFC 9110 allows any URI reference)', proxy: 'absolute-location' },
  { id: 'harmless-model-casts', description: 'models and FormRequests cast qty to an integer and hold absent fields as null', proxy: 'model-casts' },
  { id: 'harmless-routes-registered-in-reverse', description: 'within each list of statements, routes are registered in reverse order (which of several matching routes runs is not shown: dispatch.first-registered-wins)', proxy: 'routes-registered-in-reverse' },
  { id: 'harmless-trailing-slash-redirected', description: 'a path ending in "/" is redirected to the path without it before routing (how a framework treats a trailing slash is not shown: dispatch.trailing-slash)', proxy: 'trailing-slash-redirected' },
];

export type RunFw = (args: string[], proxy: string) => Promise<{ code: number; output: string; report?: { rootCauses: Array<{ rule: string; level: string }> } }>;

export interface GateResult { id: string; ok: boolean; detail: string }

export async function runGateCase(c: GateCase, dir: string, runFw: RunFw): Promise<GateResult> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'expectations.json');
  if (c.record !== undefined) {
    const recorded = await runFw(['--expectations', file, '--update-expectations'], c.record);
    if (!fs.existsSync(file)) return { id: c.id, ok: false, detail: `recording under ${c.record} wrote no expectations (exit ${recorded.code})` };
    const again = await runFw(['--expectations', file], c.record);
    if (again.code !== 0) return { id: c.id, ok: false, detail: `${c.record} alone does not pass its own expectations (exit ${again.code})` };
  }
  const failing = await runFw([...(c.record !== undefined ? ['--expectations', file] : []), ...(c.args ?? [])], c.run);
  const said = c.says.test(failing.output);
  const ok = failing.code === 1 && said;
  const first = failing.output.split('\n').find((l) => l.startsWith('gate:')) ?? '(no gate line)';
  return { id: c.id, ok, detail: `exit ${failing.code}${said ? '' : `, without ${c.says}`}: ${first.slice(0, 160)}` };
}

export async function runHarmless(h: Harmless, runFw: RunFw): Promise<GateResult> {
  const r = await runFw([], h.proxy);
  if (!r.report) return { id: h.id, ok: false, detail: `no report (exit ${r.code})` };
  const counted = r.report.rootCauses.filter((x) => x.level !== 'reference').map((x) => x.rule);
  return { id: h.id, ok: counted.length === 0, detail: counted.length === 0 ? 'no must/implied rule charged' : `charged ${counted.join(', ')}` };
}
