import type { CliOptions } from '../../config/options';
import { applicationsConsequence, Probe, probeApplications, type ApplicationsFinding } from '../../check-adapter';
import type { ScenarioResult } from '../../model/results';
import type { ReportApplications } from '../../reports/model';
import type { Target } from '../../target';

/**
 * The adapter's `applications` claim (protocol §2.2), checked before anything relies on it: the
 * properties start right after the target opens, and a per-request adapter gets its applications
 * shared by every scenario and case with the same manifest. A claim the probe does not see hold is
 * not used (the run loads a fresh application each time, as for a persistent adapter), so it
 * changes no result; the adapter check reports it as a failed check, `conformance.json` and the
 * console record it. With --skip-adapter-check, a persistent adapter is not probed (nothing rests
 * on it); a per-request one still is.
 */
export async function checkApplications(target: Target, options: CliOptions): Promise<ApplicationsFinding> {
  const declared = target.info.applications === 'per-request' ? 'per-request' : 'persistent';
  if (options.skipAdapterCheck && declared === 'persistent') {
    return { declared, claim: 'unchecked', mixed: false, used: declared, problems: [], note: 'not checked (--skip-adapter-check)', evidence: [] };
  }
  const probe = new Probe(target.address.url, target.address.token, options.requestTimeoutMs);
  try {
    return await probeApplications(probe, target.info);
  } finally {
    await probe.close();
  }
}

/** conformance.json's `applications`. */
export function applicationsRecord(finding: ApplicationsFinding): ReportApplications {
  return {
    declared: finding.declared,
    claim: finding.claim,
    used: finding.used,
    mixed: finding.mixed,
    message: applicationsConsequence(finding) ?? finding.note ?? null,
  };
}

/** The console's line about it, after the target's. */
export function applicationsLine(finding: ApplicationsFinding): string {
  const consequence = applicationsConsequence(finding);
  if (consequence !== undefined) return `applications: ${consequence}`;
  if (finding.claim === 'held') return 'applications: per-request (checked: each manifest is loaded once, and its application shared)';
  return `applications: ${finding.declared}${finding.declared === 'persistent' ? ' (a fresh application for every scenario)' : ` (${finding.note ?? 'not checked'})`}`;
}

/**
 * A run against an adapter that answers one application's request with another's answer judges
 * nothing: each failure may be the other application's answer. Failed results become the
 * adapter's errors, saying so; passes stay as they are (the verdict fails on the errors anyway).
 */
export function unjudgedWhenMixed(results: ScenarioResult[], finding: ApplicationsFinding | null): ScenarioResult[] {
  if (finding === null || !finding.mixed) return results;
  const why = (message: string | undefined) => `not judged: the adapter answers a request of one application with another's answer (adapter check "applications", protocol §3)` +
    `${message ? `; the scenario saw: ${message.split('\n')[0]}` : ''}`;
  return results.map((r) => {
    if (r.status !== 'failed') return r;
    const { finding: _judged, ...rest } = r;
    return {
      ...rest, status: 'errored', message: why(r.message),
      outcomes: r.outcomes.map((o) => (o.status === 'failed' ? { rule: o.rule, scenario: o.scenario, status: 'errored' as const, message: why(o.message) } : o)),
    };
  });
}
