import type { Outcome } from '../model/outcome';

const WEB_DEFAULT = 'files.web-default';
const VERBS: ReadonlySet<string> = new Set(['registration.get', 'registration.post', 'registration.put', 'registration.patch', 'registration.delete']);

/**
 * A routes/web that is never loaded takes every route with it: each verb fails, and so does
 * everything else (names, resources, the generated route tables). Five broken verbs are then one
 * broken route file, so when files.web-default fails and every verb fails in an example scenario,
 * every failure is shown to be files.web-default's (Outcome.evidence: fix it and run again), and
 * its own failures no longer wait on the verbs. When files.web-default passes, or some verb fails
 * nowhere, nothing changes.
 * Sets fields on the outcomes it is given.
 */
export function inferRouteFileFault(outcomes: readonly Outcome[]): void {
  if (!outcomes.some((o) => o.rule === WEB_DEFAULT && o.status === 'failed')) return;
  // "Fails" rather than "never passes": a scenario that only checks that the application boots passes without routes.
  // Only failures whose answer shows that no route matched (or that say nothing of it) speak of routes never registered.
  const unmatched = (o: Outcome): boolean => o.symptom === undefined || o.symptom === 'status unmatched' || /^action 40[45]$/.test(o.symptom);
  const failingVerbs = new Set(outcomes.filter((o) => VERBS.has(o.rule) && !o.property && o.status === 'failed' && unmatched(o)).map((o) => o.rule));
  if (failingVerbs.size < VERBS.size) return;
  for (const o of outcomes) {
    if (o.status !== 'failed') continue;
    if (o.rule === WEB_DEFAULT) o.needs = (o.needs ?? []).filter((r) => !VERBS.has(r));
    else if (o.evidence === undefined) o.evidence = WEB_DEFAULT;
  }
}
