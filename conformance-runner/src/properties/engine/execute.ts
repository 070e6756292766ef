import type { Finding } from '../../model/finding';
import { parsedBody } from './parsedBody';
import { isDeepStrictEqual } from 'node:util';
import { RequestTimeoutError, type AdapterClient, type UrlResult } from '../../protocol';
import { describeClipped, type Clipped } from '../../protocol/answerBody';
import { allowRepeats, allowViolations } from '../model/allow';
import { urlViolations } from '../model/urlParams';
import type { ExpectedBody } from '../model/probeCatalog';
import { recorded, type AnswerMemo } from './planMemo';
import { classifyFailure, type FailureKind } from './failureKind';
import { describeCheck, describeExpectation, type Check, type Expectation, type Extra, type Plan, type UrlCheck } from './plan';

/** What came back for a request, reduced to what the properties look at. */
export interface RequestObservation {
  kind: 'request';
  status: number;
  allow?: string;
  body: string;
  /** X-Fw-Trace's tokens, when the answer had the header. */
  trace?: string[];
  /** Set when the body was larger than the runner reads (AppResponse.clipped): `body` is its head. */
  clipped?: Clipped;
}

export interface UrlObservation {
  kind: 'url';
  result: UrlResult;
  /** The answer to the generated URL, when it was requested. */
  followed?: RequestObservation;
}

/** An extra input the client could not even send (differential mode only). */
export interface ErrorObservation { kind: 'error'; message: string }

export type Observation = RequestObservation | UrlObservation | ErrorObservation;

/** A check the target failed, with what it answered and how it is charged (failureKind.ts). */
export interface Violation {
  check?: Check;
  observation?: Observation;
  rule: string;
  kind: FailureKind;
  /** `<rule>:<kind>`: failures with one signature are taken for one fault. */
  signature: string;
  needs: string[];
  finding?: Finding;
  messages: string[];
}

/** A difference between the target's and the oracle's answers (differential mode, informational). */
export interface Divergence {
  input: string;
  /** "checked" for inputs of the property, "not-shown" for extras whose behaviour the spec leaves open. */
  level: 'checked' | 'not-shown';
  field: 'boot' | 'status' | 'allow' | 'body' | 'url' | 'follow-status' | 'follow-body' | 'error';
  target: unknown;
  oracle: unknown;
  note?: string;
}

export interface CaseOutcome {
  violations: Violation[];
  divergences: Divergence[];
}

/** What the target's applications answered before (planMemo.ts), when the adapter allows reusing it. */
export interface Answers {
  requests: AnswerMemo<RequestObservation>;
  urls: AnswerMemo<UrlResult>;
}

/**
 * Runs one plan: loads its manifest, sends every check concurrently (they are independent and the
 * client pools connections), verifies answers against the model, and deletes the application.
 * With an oracle, the same plan plus its extras also go to the oracle and differences are recorded.
 * `bootRule` is the rule a refused manifest counts against.
 * RequestTimeoutError and AdapterError from the target propagate: they are not property failures.
 */
export async function executePlan(plan: Plan, target: AdapterClient, oracle: AdapterClient | undefined, bootRule: string, answers?: Answers): Promise<CaseOutcome> {
  const outcome: CaseOutcome = { violations: [], divergences: [] };
  const load = await target.loadApp(plan.manifest);
  if (!load.ok) {
    // Every generated manifest is valid by the spec: refusing to boot it breaks the property's first rule.
    outcome.violations.push({ rule: bootRule, kind: 'boot', signature: 'boot', needs: [], messages: [`the application failed to boot: ${load.message}`] });
    if (oracle) await compareBootFailure(plan, load.message, oracle, outcome);
    return outcome;
  }
  try {
    const [observed, oracleRun] = await Promise.all([
      Promise.all(plan.checks.map((c) => observe(target, load.app, c, answers))),
      oracle ? runOracle(plan, oracle) : Promise.resolve(undefined),
    ]);
    const messages = plan.checks.map((check, i) => verify(check, observed[i]!));
    plan.checks.forEach((check, i) => {
      if (messages[i]!.length === 0) return;
      // A twin that fails as well clears the difference between the two of what this check's charges blame.
      const twin = check.kind === 'request' ? check.twin : undefined;
      const charged = twin !== undefined && (messages[twin.index]?.length ?? 0) > 0 ? { ...check, charges: { ...check.charges, ...twin.charges } } : check;
      outcome.violations.push({ check, observation: observed[i]!, messages: messages[i]!, ...classifyFailure(charged, observed[i]!, plan.manifest) });
    });
    if (oracle && oracleRun) {
      const extras = await Promise.all(plan.extras.map((e) => observeExtra(target, load.app, e, answers)));
      compareRuns(plan, observed, extras, oracleRun, outcome);
    }
  } catch (err) {
    // The error is what gets reported; a failing clean-up must not hide it.
    await target.deleteApp(load.app).catch(() => undefined);
    throw err;
  }
  await target.deleteApp(load.app);
  return outcome;
}

async function observe(client: AdapterClient, app: string, check: Check | Extra, answers?: Answers): Promise<Observation> {
  if (check.kind === 'request') return request(client, app, check.method, check.path, answers);
  const result = await url(client, app, check.name, check.params, answers);
  const follow = followMethod(check);
  // Only a URL that is a well-formed path can be sent at all; a malformed one is already a violation.
  if (!result.ok || follow === undefined || !sendable(result.url)) return { kind: 'url', result };
  return { kind: 'url', result, followed: await request(client, app, follow, result.url, answers) };
}

/** Extras may be inputs the client refuses to send; that is recorded, never thrown. */
async function observeExtra(client: AdapterClient, app: string, extra: Check | Extra, answers?: Answers): Promise<Observation> {
  try {
    return await observe(client, app, extra, answers);
  } catch (err) {
    if (err instanceof RequestTimeoutError) throw err;
    return { kind: 'error', message: (err as Error).message };
  }
}

function followMethod(check: UrlCheck | (Extra & { kind: 'url' })): string | undefined {
  if (check.follow === undefined) return undefined;
  return typeof check.follow === 'string' ? check.follow : check.follow.method;
}

function sendable(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/.test(url);
}

function request(client: AdapterClient, app: string, method: string, path: string, answers?: Answers): Promise<RequestObservation> {
  const send = () => sendRequest(client, app, method, path);
  return answers ? answers.requests.answer(client, app, method, path, recorded(client, send)) : send();
}

/** The parameters' JSON is the request's own (key order included): the same JSON, the same question. */
function url(client: AdapterClient, app: string, name: string, params: Parameters<AdapterClient['url']>[2], answers?: Answers): Promise<UrlResult> {
  if (answers === undefined) return client.url(app, name, params);
  // With urlBatches, the question goes later, with others (protocol/UrlBatches.ts): its exchange comes with the answer.
  const ask = () => client.urlAnswer(app, name, params).then(({ result, exchange }) => ({ answer: result, exchange }));
  return answers.urls.answer(client, app, name, JSON.stringify(params), ask);
}

async function sendRequest(client: AdapterClient, app: string, method: string, path: string): Promise<RequestObservation> {
  const res = await client.send(app, { method, path });
  const obs: RequestObservation = { kind: 'request', status: res.status, body: res.body };
  if (res.headers.allow !== undefined) obs.allow = res.headers.allow;
  if (res.traced) obs.trace = res.trace.slice(0, 50);
  if (res.clipped !== undefined) obs.clipped = res.clipped;
  return obs;
}

export function verify(check: Check, obs: Observation): string[] {
  if (check.kind === 'request') return obs.kind === 'request' ? verifyRequest(check.expect, obs) : ['no answer'];
  return obs.kind === 'url' ? verifyUrl(check, obs) : ['no answer'];
}

export function verifyRequest(expect: Expectation, obs: RequestObservation): string[] {
  if (obs.status !== expect.status) {
    return [`expected ${describeExpectation(expect)}; got ${obs.status}${obs.allow !== undefined ? ` (Allow: ${obs.allow})` : ''} with the body ${snippet(obs)}`];
  }
  if (expect.status === 405) return [...allowViolations(obs.allow, expect.allow), ...allowRepeats(obs.allow)];
  if (expect.status === 200) return verifyBody(expect.body, obs);
  return [];
}

function verifyBody(expect: ExpectedBody, obs: RequestObservation): string[] {
  const body = obs.body;
  // What was not read cannot be shown right; and a clipped JSON text may still parse.
  if (obs.clipped !== undefined) return [`expected ${expect.kind === 'text' ? `the body ${JSON.stringify(expect.value)}` : 'a JSON echo'}; got ${snippet(obs)}`];
  if (expect.kind === 'text') {
    return body === expect.value ? [] : [`expected the body ${JSON.stringify(expect.value)}; got ${snippet(obs)}`];
  }
  const json = parsedBody(body);
  if (!json.ok) return [`expected a JSON echo; got ${snippet(obs)}`];
  const parsed = json.value;
  const want = expect.kind === 'args'
    ? { closure: 'args', args: expect.values.map((value) => ({ type: 'string', value })) }
    : { action: expect.action, params: expect.params };
  return isDeepStrictEqual(parsed, want) ? [] : [`expected the echo ${JSON.stringify(want)}; got ${snippet(obs)}`];
}

function verifyUrl(check: UrlCheck, obs: UrlObservation): string[] {
  if (!obs.result.ok) return [`URL generation failed: ${obs.result.message}`];
  const problems = urlViolations(obs.result.url, check.expect);
  if (problems.length > 0) return problems;
  if (!obs.followed) return [`the generated URL ${JSON.stringify(obs.result.url)} could not be requested`];
  return verifyRequest(check.follow.expect, obs.followed).map((m) => `requesting the generated URL ${obs.result.ok ? obs.result.url : ''}: ${m}`);
}

function snippet(obs: RequestObservation): string {
  const body = obs.body;
  if (obs.clipped !== undefined) return `${JSON.stringify(`${body.slice(0, 300)}...`)} (${describeClipped(obs.clipped)})`;
  return JSON.stringify(body.length > 300 ? `${body.slice(0, 300)}...` : body);
}

interface OracleRun { checks: Observation[]; extras: Observation[] }

/** The oracle's own failures never fail the target's scenario: they become divergences. */
async function runOracle(plan: Plan, oracle: AdapterClient): Promise<OracleRun | { bootError: string }> {
  try {
    const load = await oracle.loadApp(plan.manifest);
    if (!load.ok) return { bootError: load.message };
    try {
      const checks = await Promise.all(plan.checks.map((c) => observeExtra(oracle, load.app, c)));
      const extras = await Promise.all(plan.extras.map((e) => observeExtra(oracle, load.app, e)));
      return { checks, extras };
    } finally {
      await oracle.deleteApp(load.app).catch(() => undefined);
    }
  } catch (err) {
    return { bootError: `the oracle failed: ${(err as Error).message}` };
  }
}

async function compareBootFailure(plan: Plan, message: string, oracle: AdapterClient, outcome: CaseOutcome): Promise<void> {
  const run = await runOracle(plan, oracle);
  if (!('bootError' in run)) outcome.divergences.push({ input: 'POST /__fw/apps', level: 'checked', field: 'boot', target: message, oracle: 'loaded' });
}

function compareRuns(plan: Plan, checks: Observation[], extras: Observation[], run: OracleRun | { bootError: string }, outcome: CaseOutcome): void {
  if ('bootError' in run) {
    outcome.divergences.push({ input: 'POST /__fw/apps', level: 'checked', field: 'boot', target: 'loaded', oracle: run.bootError });
    return;
  }
  plan.checks.forEach((c, i) => diff(describeCheck(c), 'checked', checks[i]!, run.checks[i]!, outcome.divergences));
  plan.extras.forEach((e, i) => diff(`${describeCheck(e)} (${e.note})`, 'not-shown', extras[i]!, run.extras[i]!, outcome.divergences));
}

function diff(input: string, level: Divergence['level'], t: Observation, o: Observation, out: Divergence[]): void {
  const push = (field: Divergence['field'], target: unknown, oracle: unknown) => out.push({ input, level, field, target, oracle });
  if (t.kind !== o.kind) { push('error', summarize(t), summarize(o)); return; }
  if (t.kind === 'error' && o.kind === 'error') { if (t.message !== o.message) push('error', t.message, o.message); return; }
  if (t.kind === 'request' && o.kind === 'request') { diffRequest(t, o, push, ''); return; }
  if (t.kind === 'url' && o.kind === 'url') {
    const tu = t.result.ok ? t.result.url : `error: ${t.result.message}`;
    const ou = o.result.ok ? o.result.url : `error: ${o.result.message}`;
    if (tu !== ou) push('url', tu, ou);
    if (t.followed && o.followed) diffRequest(t.followed, o.followed, push, 'follow-');
  }
}

function diffRequest(t: RequestObservation, o: RequestObservation, push: (f: Divergence['field'], t: unknown, o: unknown) => void, prefix: '' | 'follow-'): void {
  if (t.status !== o.status) push(`${prefix}status` as Divergence['field'], t.status, o.status);
  if (prefix === '' && (t.allow ?? null) !== (o.allow ?? null)) push('allow', t.allow ?? null, o.allow ?? null);
  // A clipped body was not read whole: it cannot be shown the same as the other.
  if (t.body !== o.body || t.clipped !== undefined || o.clipped !== undefined) push(`${prefix}body` as Divergence['field'], t.body, o.body);
}

function summarize(o: Observation): unknown {
  if (o.kind === 'error') return `error: ${o.message}`;
  if (o.kind === 'request') return { status: o.status, body: o.body };
  return o.result;
}

