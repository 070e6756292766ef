import { parentPort } from 'node:worker_threads';
import { AdapterClient, targetClientOptions } from '../protocol';
import { measureRequests } from '../protocol/requestTiming';
import { misplacedExceptions } from '../protocol/misplacedException';
import { checkProperty } from './checkProperty';
import { toWireChecked, toWireError, type Start, type ToSuite } from './wire';

/*
 * The property worker's entry (BackgroundProperties.ts starts it, possibly long before the suite
 * does, so that it has loaded its modules by then): on its one Start message it checks every
 * property it is given at once, as the suite's thread did before, and posts each outcome back as
 * it comes. The requests it measures go back in batches, so that the report's timings count them.
 */

const port = parentPort!;
const post = (message: ToSuite): void => port.postMessage(message);

let durations: number[] = [];
measureRequests((ms) => durations.push(ms));
function flushDurations(): void {
  if (durations.length === 0) return;
  post({ type: 'durations', ms: durations });
  durations = [];
}

async function check({ params, early }: Start): Promise<void> {
  await Promise.all(early.map(async ({ scenario, property, tags }) => {
    try {
      const checked = await checkProperty(property, params, tags);
      flushDurations();
      post({ type: 'checked', scenario, property, checked: toWireChecked(checked) });
    } catch (err) {
      flushDurations();
      post({ type: 'threw', scenario, property, error: toWireError(err) });
    }
  }));
  // The properties' shared applications are this thread's (protocol/sharedApps.ts): an adapter that
  // outlives the run gets them unloaded here, as the suite's thread unloads its own.
  if (params.shareApps?.unloadAtEnd) {
    const client = new AdapterClient(targetClientOptions(params));
    await client.unloadShared().finally(() => client.close()).catch(() => undefined);
  }
}

port.once('message', (start: Start) => {
  const flushing = setInterval(flushDurations, 100);
  void check(start).finally(() => {
    clearInterval(flushing);
    flushDurations();
    const misplaced = misplacedExceptions();
    post({ type: 'done', ...(misplaced !== undefined ? { misplaced } : {}) });
  });
});
