import { After } from '@cucumber/cucumber';
import { DURATIONS_CHANNEL, measureRequests, TIMING_MEDIA } from '../../../protocol/requestTiming';

/*
 * Support code the runner adds in front of the suite's own steps: it measures every HTTP request
 * undici makes during a scenario (the AdapterClient's and anything else built on undici; the
 * property worker's arrive through DURATIONS_CHANNEL), and attaches the durations to the scenario.
 * Measuring here rather than in the runner process keeps it right under --parallel, where
 * scenarios run in workers.
 */

let durations: number[] = [];

measureRequests((ms) => durations.push(ms));
DURATIONS_CHANNEL.subscribe((message) => { durations.push(...(message as number[])); });

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
