import { parentPort } from 'node:worker_threads';
import { AdapterClient, targetClientOptions } from '../protocol';
import { measureRequests } from '../protocol/requestTiming';
import { MisplacedExceptions } from '../protocol/misplacedException';
import { SharedApps } from '../protocol/sharedApps';
import type { ClientSharing } from '../protocol/world';
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

/** The durations measured since the last flush, sent in batches. */
class Durations {
  private ms: number[] = [];
  add(ms: number): void { this.ms.push(ms); }
  flush(): void {
    if (this.ms.length === 0) return;
    post({ type: 'durations', ms: this.ms });
    this.ms = [];
  }
}

async function check({ params, early }: Start, sharing: ClientSharing, durations: Durations): Promise<void> {
  await Promise.all(early.map(async ({ scenario, property, tags }) => {
    try {
      const checked = await checkProperty(property, params, tags, sharing);
      durations.flush();
      post({ type: 'checked', scenario, property, checked: toWireChecked(checked) });
    } catch (err) {
      durations.flush();
      post({ type: 'threw', scenario, property, error: toWireError(err) });
    }
  }));
  // The properties' shared applications are this thread's (protocol/sharedApps.ts): an adapter that
  // outlives the run gets them unloaded here, as the suite's thread unloads its own.
  if (params.shareApps?.unloadAtEnd) {
    const client = new AdapterClient(targetClientOptions(params, sharing));
    await client.unloadShared().finally(() => client.close()).catch(() => undefined);
  }
}

port.once('message', (start: Start) => {
  const sharing: ClientSharing = { sharedApps: new SharedApps(), misplaced: new MisplacedExceptions() };
  const durations = new Durations();
  measureRequests((ms) => durations.add(ms));
  const flushing = setInterval(() => durations.flush(), 100);
  void check(start, sharing, durations).finally(() => {
    clearInterval(flushing);
    durations.flush();
    const misplaced = sharing.misplaced.counted();
    post({ type: 'done', ...(misplaced !== undefined ? { misplaced } : {}) });
  });
});
