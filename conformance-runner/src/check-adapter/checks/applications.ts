import { probeApplications } from '../applications';
import type { Check } from '../Check';

const applications: Check = {
  id: 'applications',
  section: '§2.2',
  title: 'applications are kept apart, and an adapter that declares "applications": "per-request" answers a request the same however many it served before',
  // An adapter that could not load the simplest application has nothing to show here.
  uses: ['minimal'],
  async run(ctx, f) {
    // The run probes it before anything relies on the claim (run/applicationsClaim.ts): the same finding, not asked twice.
    const finding = ctx.applications ?? await probeApplications(ctx.probe, ctx.info);
    f.evidence.push(...finding.evidence);
    for (const problem of finding.problems) f.fail(problem);
    if (finding.note !== undefined) f.note(finding.note);
    if (finding.claim === 'failed') {
      f.fail('the run does not rely on the claim: it loads a fresh application for every scenario and property case, as for a persistent adapter');
    }
    return finding.declared === 'per-request'
      ? 'per-request: the same request answers the same after other requests and on the same manifest loaded again; applications are kept apart'
      : 'persistent: applications are kept apart';
  },
};

export const applicationsChecks: Check[] = [applications];
