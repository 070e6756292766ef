import { BeforeAll } from '@cucumber/cucumber';
import type { WorldParameters } from '../../../protocol/world';
import { runStateOf } from '../../control/runState';

/*
 * Support code the runner puts in front of the suite's own in its process: the run's first
 * BeforeAll hook, where the suite starts. It waits for the runner to let the suite go when the
 * runner holds it (suiteHold.ts), so the suite's own BeforeAll hooks (the properties started
 * early) and its scenarios come after the adapter check, and the request timings start after it
 * (support/timing.ts). No timeout: the check it waits for has request timeouts of its own.
 */
BeforeAll({ timeout: -1 }, async function (this: { parameters?: Partial<WorldParameters> }) {
  await runStateOf(this.parameters).suiteHold.held();
});
