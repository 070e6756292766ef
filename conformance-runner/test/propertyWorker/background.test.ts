import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { AdapterError } from '../../src/protocol';
import { DURATIONS_CHANNEL } from '../../src/protocol/requestTiming';
import { MisplacedExceptions } from '../../src/protocol/misplacedException';
import { BackgroundProperties, EarlyProperties } from '../../src/propertyWorker/BackgroundProperties';

/** A port nothing listens on: every request to it fails at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('properties checked in the worker thread', () => {
  it('an adapter that cannot be reached errors the property, as an AdapterError of the suite\'s thread, and its requests are timed with the suite\'s', async () => {
    const port = await closedPort();
    const timed: number[] = [];
    const onDurations = (message: unknown) => { timed.push(...(message as number[])); };
    DURATIONS_CHANNEL.subscribe(onDurations);
    try {
      const background = new BackgroundProperties(
        { target: { url: `http://127.0.0.1:${port}`, token: 't' }, capabilities: ['routing'], requestTimeoutMs: 2000, seed: 1, numRuns: 3 },
        [{ scenario: 'dispatch-property-route-tables', property: 'route-tables', tags: ['@id:dispatch-property-route-tables'] }],
        new MisplacedExceptions(),
      );
      assert.equal(background.take('another-scenario', 'route-tables'), undefined, 'only what was started is there');
      const taken = background.take('dispatch-property-route-tables', 'route-tables');
      assert.ok(taken !== undefined);
      assert.equal(background.take('dispatch-property-route-tables', 'route-tables'), undefined, 'taken once');
      const checked = await taken;
      assert.equal(checked.kind, 'result');
      if (checked.kind !== 'result') return;
      assert.equal(checked.result.info.result, 'errored');
      assert.ok(checked.result.error instanceof AdapterError, String(checked.result.error));
      // Timings measured before the suite starts wait for it (the runner starts properties during its adapter check).
      assert.deepEqual(timed, [], 'nothing is timed before the suite starts');
      background.suiteStarted();
      assert.ok(timed.length >= 1, 'the failed request was timed, once the suite started');
      await background.finished();
    } finally {
      DURATIONS_CHANNEL.unsubscribe(onDurations);
    }
  });

  it('a worker started ahead of a selection without properties is ended by dismiss(), once', async () => {
    const ended: Worker[] = [];
    const terminate = Worker.prototype.terminate;
    Worker.prototype.terminate = function (this: Worker) {
      ended.push(this);
      return terminate.call(this);
    };
    try {
      const early = new EarlyProperties();
      early.standBy();
      early.dismiss();
      early.dismiss();
      assert.equal(ended.length, 1);
      await new Promise<void>((resolve) => ended[0]!.once('exit', () => resolve()));
    } finally {
      Worker.prototype.terminate = terminate;
    }
  });
});
