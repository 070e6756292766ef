import type { Target, TargetDeath } from '../target';
import type { Check, CheckContext } from './Check';
import { applicationChecks } from './checks/application';
import { applicationsChecks } from './checks/applications';
import { catalogChecks } from './checks/catalog';
import { handshakeChecks } from './checks/handshake';
import { lifecycleChecks } from './checks/lifecycle';
import { manifestChecks } from './checks/manifests';
import { routeFileChecks } from './checks/routeFiles';
import { urlChecks } from './checks/urls';
import { Findings } from './Findings';
import { MOST_AT_ONCE } from '../protocol/atOnce';
import { Probe } from './Probe';
import type { CheckReport, CheckResult, CheckStatus } from './types';
import type { ApplicationsFinding } from './applications';

/** How long to wait for a started adapter's death to be reported when requests went unanswered. */
const DEATH_GRACE_MS = 2000;


/** In order: later checks use the applications earlier ones loaded. */
export const CHECKS: readonly Check[] = [
  ...handshakeChecks, ...manifestChecks, ...applicationChecks, ...applicationsChecks, ...urlChecks, ...routeFileChecks, ...catalogChecks, ...lifecycleChecks,
];

export interface CheckOptions {
  /** Per-request timeout of the check (default 5000 ms). */
  requestTimeoutMs?: number;
  /** What the run's own probe of the applications found (reported as check `applications` instead of probing again). */
  applications?: ApplicationsFinding;
  /** Requests at once (the run's lanes); default: what the adapter declares (info.concurrency), at most MOST_AT_ONCE. */
  width?: number;
}

/** What checkAdapter needs of a Target; the whole Target from openTarget() fits. */
export type CheckedTarget = Pick<Target, 'address' | 'info'> & Partial<Pick<Target, 'died' | 'outputTail'>>;

/**
 * The adapter smoke test behind `fw-conformance --check-adapter`: a handshake and schema check of
 * every part of protocol 2, each deviation explained with the request, the answer and the section
 * that requires something else. It never throws for an adapter's misbehaviour.
 */
export async function checkAdapter(target: CheckedTarget, options: CheckOptions = {}): Promise<CheckReport> {
  const started = Date.now();
  let death: TargetDeath | undefined;
  void target.died?.then((d) => { death = d; });
  const probe = new Probe(target.address.url, target.address.token, options.requestTimeoutMs ?? 5000);
  const ctx: CheckContext = {
    probe,
    info: target.info,
    declares: (capability) => target.info.capabilities.includes(capability),
    apps: {},
    loaded: new Set(),
    width: Math.max(1, Math.min(options.width ?? target.info.concurrency ?? 1, MOST_AT_ONCE)),
    ...(options.applications !== undefined ? { applications: options.applications } : {}),
  };
  const checks: CheckResult[] = [];
  try {
    // Checks that stand alone (Check.alone) and sit next to each other run at once, against an
    // adapter that serves several requests at once; the report keeps the checks' order.
    for (const group of groups(CHECKS, ctx.width > 1)) checks.push(...await Promise.all(group.map((check) => runCheck(check, ctx))));
    await Promise.all([...ctx.loaded].map((app) => probe.control('DELETE', `apps/${encodeURIComponent(app)}`)));
  } finally {
    await probe.close();
  }
  // Unanswered requests may mean the process died: its exit is reported a moment later.
  if (probe.failedOnce && target.died) await Promise.race([target.died, delay(DEATH_GRACE_MS)]);
  if (death) checks.push(processDied(death));

  const counts: Record<CheckStatus, number> = { pass: 0, fail: 0, warn: 0, note: 0, skip: 0 };
  for (const c of checks) counts[c.status] += 1;
  return {
    target: target.address.url,
    implementation: target.info.implementation,
    protocol: target.info.protocol,
    checks,
    counts,
    ok: counts.fail === 0,
    exitCode: counts.fail === 0 ? 0 : 1,
    durationMs: Date.now() - started,
    ...(probe.gaveUp ? { unresponsive: probe.gaveUp } : {}),
  };
}

async function runCheck(check: Check, ctx: CheckContext): Promise<CheckResult> {
  const base = { id: check.id, section: check.section, title: check.title };
  const undeclared = (check.needs ?? []).filter((c) => !ctx.declares(c));
  if (undeclared.length > 0) {
    return { ...base, status: 'skip', messages: [`the adapter does not declare ${undeclared.map((c) => `"${c}"`).join(', ')} (§5)`], evidence: [] };
  }
  const optional = check.skipUnless?.(ctx);
  if (optional !== undefined) return { ...base, status: 'skip', messages: [optional], evidence: [] };
  const missing = (check.uses ?? []).filter((role) => ctx.apps[role] === undefined);
  if (missing.length > 0) {
    return { ...base, status: 'skip', messages: [`needs the ${missing.join(', ')} application, which an earlier check could not load`], evidence: [] };
  }
  const f = new Findings(check.section);
  let seen: string | undefined;
  try {
    seen = await check.run(ctx, f);
  } catch (err) {
    f.fail(`the check itself failed: ${(err as Error)?.message ?? String(err)}`);
  }
  const status = f.status;
  const messages = status === 'fail' ? [...f.problems, ...f.warnings, ...f.notes] : status === 'warn' ? [...f.warnings, ...f.notes] : status === 'note' ? f.notes : seen ? [seen] : [];
  return { ...base, status, messages, evidence: f.evidence };
}

/** The checks in order, in groups to run at once: runs of neighbours that stand alone, every other check by itself. */
function groups(checks: readonly Check[], together: boolean): Check[][] {
  const out: Check[][] = [];
  for (const check of checks) {
    const last = out[out.length - 1];
    if (together && check.alone && last !== undefined && last[0]!.alone) last.push(check);
    else out.push([check]);
  }
  return out;
}

function processDied(death: TargetDeath): CheckResult {
  const how = death.signal !== null ? `was killed by ${death.signal}` : `exited with code ${death.code}`;
  return {
    id: 'process',
    section: '§1',
    title: 'the adapter process keeps running for the whole run',
    status: 'fail',
    messages: [`the adapter process ${how} during the checks; its last output:\n${death.outputTail}`],
    evidence: [],
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
