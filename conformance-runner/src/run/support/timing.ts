import * as diagnostics from 'node:diagnostics_channel';
import { After } from '@cucumber/cucumber';
import { TIMING_MEDIA } from '../media';

/*
 * Support code the runner adds in front of the suite's own steps: it measures every HTTP request
 * undici makes during a scenario (the AdapterClient's and anything else built on undici) through
 * undici's diagnostics channels, and attaches the durations to the scenario. Measuring here rather
 * than in the runner process keeps it right under --parallel, where scenarios run in workers.
 * A request's duration runs from its creation (queueing in the pool included) to the end of its
 * response body, or to its error.
 */

const startedAt = new WeakMap<object, number>();
let durations: number[] = [];

function finish(message: unknown): void {
  const request = (message as { request?: object }).request;
  if (!request) return;
  const started = startedAt.get(request);
  if (started === undefined) return;
  startedAt.delete(request);
  durations.push(performance.now() - started);
}

diagnostics.subscribe('undici:request:create', (message) => {
  const request = (message as { request?: object }).request;
  if (request) startedAt.set(request, performance.now());
});
diagnostics.subscribe('undici:request:trailers', finish);
diagnostics.subscribe('undici:request:error', finish);

/**
 * Forgets what was measured so far: called when the suite starts (support/gate.ts), since what the
 * runner asked before (the adapter check, run while cucumber loads the features) is not the suite's.
 */
export function forgetRequests(): void {
  durations = [];
}

// Defined before the suite's hooks, so it runs after theirs (cucumber runs After hooks in reverse)
// and also counts the requests of their clean-up (DELETE /__fw/apps/{id}). Each scenario gets
// what finished since the previous one: the requests of properties running in the background
// (WorldParameters.early) land with the scenario running at the time, and none is lost between two.
After(function (this: { attach?: (data: string, mediaType: string) => void }) {
  if (typeof this.attach !== 'function') return;
  const rounded = durations.map((d) => Math.round(d * 1000) / 1000);
  durations = [];
  this.attach(JSON.stringify({ requests: rounded.length, durationsMs: rounded }), TIMING_MEDIA);
});
