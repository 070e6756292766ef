import { After, AfterAll, BeforeAll } from '@cucumber/cucumber';
import { TIMING_MEDIA } from '../../../protocol/requestTiming';
import type { WorldParameters } from '../../../protocol/world';
import { runStateOf } from '../../control/runState';
import { lastLaneAt } from '../lanes/laneContext';

/*
 * Support code the runner adds in front of the suite's own steps: it measures every HTTP request
 * undici makes during a scenario (the AdapterClient's and anything else built on undici; the
 * property worker's arrive through DURATIONS_CHANNEL), and attaches the durations to the scenario.
 * Measuring here rather than in the runner process keeps it right under --parallel, where
 * scenarios run in workers. The durations are the run's (RunState.requests): measured from the
 * suite's start, after the gate (support/gate.ts), since what the runner asked before (the adapter
 * check, run while cucumber loads the features) is not the suite's.
 */

type Parameterised = { parameters?: Partial<WorldParameters> };

BeforeAll(function (this: Parameterised) {
  runStateOf(this.parameters).requests.start();
});

// Every lane of the run runs it (lanes/laneContext.ts): the measuring ends after the last one.
AfterAll(function (this: Parameterised) {
  if (lastLaneAt('timing')) runStateOf(this.parameters).requests.stop();
});

// Defined before the suite's hooks, so it runs after theirs (cucumber runs After hooks in reverse)
// and also counts the requests of their clean-up (DELETE /__fw/apps/{id}). Each scenario gets
// what finished since the previous one: the requests of properties running in the background
// (WorldParameters.early) land with the scenario running at the time, and none is lost between two.
After(function (this: Parameterised & { attach?: (data: string, mediaType: string) => void }) {
  if (typeof this.attach !== 'function') return;
  const rounded = runStateOf(this.parameters).requests.take();
  this.attach(JSON.stringify({ requests: rounded.length, durationsMs: rounded }), TIMING_MEDIA);
});
