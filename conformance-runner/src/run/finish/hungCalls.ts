import type { ScenarioResult } from '../../model/results';

/** A RequestTimeoutError's message about a control call (protocol/errors.ts). */
const CONTROL_TIMEOUT = /^(GET|POST|DELETE|PUT|PATCH) (\/__fw\/[^\s?]*)\S* did not answer within (\d+) ms/;

/**
 * The control calls that did not answer in time, named once for the whole run: a timed-out
 * scenario names its own, but a call that hangs is the adapter's, whichever scenarios met it
 * (issue 38: a POST /__fw/urls that never answered showed only as properties timing out).
 */
export function hungControlCalls(results: readonly Pick<ScenarioResult, 'id' | 'status' | 'message'>[]): string | undefined {
  const calls = new Map<string, { ms: string; scenarios: string[] }>();
  for (const r of results) {
    if (r.status !== 'timed-out') continue;
    const m = CONTROL_TIMEOUT.exec(r.message ?? '');
    if (m === null) continue;
    // An application's id is not part of the call's name.
    const call = `${m[1]} ${m[2]!.replace(/^\/__fw\/apps\/.+$/, '/__fw/apps/{id}')}`;
    const seen = calls.get(call) ?? { ms: m[3]!, scenarios: [] };
    seen.scenarios.push(r.id);
    calls.set(call, seen);
  }
  if (calls.size === 0) return undefined;
  const named = [...calls].map(([call, { ms, scenarios }]) =>
    `${call} (no answer within ${ms} ms; ${scenarios.length} scenario${scenarios.length === 1 ? '' : 's'}: ${scenarios.slice(0, 3).join(', ')}${scenarios.length > 3 ? ', …' : ''})`);
  return `the adapter did not answer these control calls in time: ${named.join('; ')}. A control call that hangs is the adapter's fault (protocol §2), not the framework's`;
}
