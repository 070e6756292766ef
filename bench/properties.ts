/**
 * Benchmark of the property scenarios: runs every property (100 runs by default) against an
 * adapter and prints wall time, HTTP requests and the median time per request.
 *
 *   npm run bench:properties                      # starts the reference adapter itself
 *   FW_TARGET_URL=http://127.0.0.1:8181 FW_TARGET_TOKEN=t npm run bench:properties
 *   FW_NUM_RUNS=300 FW_SEED=7 npm run bench:properties
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { AdapterClient } from '../conformance-runner/src/protocol';
import { PROPERTIES, runProperty } from '../conformance-runner/src/properties';
import { freePort } from '../conformance-runner/src/target/freePort';
import { TYPESCRIPT_LOADER } from '../conformance-runner/src/config/loader';
import { REFERENCE_ADAPTER_ENTRY } from '../conformance-runner/src/config/options';
import { median } from './median';

/** Collects every exchange before the engine clears the log between cases. */
class CountingClient extends AdapterClient {
  durations: number[] = [];
  override resetLog(): void {
    for (const e of this.exchanges) this.durations.push(e.durationMs);
    super.resetLog();
  }
}


async function startReference(): Promise<{ url: string; token: string; child: ChildProcess }> {
  const port = await freePort();
  const token = 'bench';
  const root = path.resolve(__dirname, '..');
  const child = spawn(process.execPath, ['-r', TYPESCRIPT_LOADER, REFERENCE_ADAPTER_ENTRY], {
    cwd: root, env: { ...process.env, PORT: String(port), TOKEN: token, HOST: '127.0.0.1' }, stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const probe = new AdapterClient({ url, token, requestTimeoutMs: 1000 });
  try {
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null) throw new Error(`the reference adapter exited with ${child.exitCode}`);
      try { await probe.info(); return { url, token, child }; } catch { await new Promise((r) => setTimeout(r, 100)); }
    }
    throw new Error('the reference adapter did not answer within 30 s');
  } finally {
    await probe.close();
  }
}

async function main(): Promise<void> {
  const numRuns = Number(process.env.FW_NUM_RUNS ?? 100);
  const seed = Number(process.env.FW_SEED ?? 42);
  const started = process.env.FW_TARGET_URL ? undefined : await startReference();
  const url = process.env.FW_TARGET_URL ?? started!.url;
  const token = process.env.FW_TARGET_TOKEN ?? started?.token ?? 't';
  const client = new CountingClient({ url, token, requestTimeoutMs: 5000 });
  try {
    let total = 0;
    console.log(`properties against ${url}: seed ${seed}, ${numRuns} runs each`);
    for (const def of PROPERTIES.values()) {
      client.durations = [];
      const t0 = performance.now();
      const result = await runProperty(def, { client, seed, numRuns });
      client.resetLog();
      const ms = performance.now() - t0;
      total += ms;
      console.log(`${def.name.padEnd(18)} ${result.info.result.padEnd(9)} ${ms.toFixed(0).padStart(6)} ms  ${String(client.durations.length).padStart(5)} requests  median ${median(client.durations).toFixed(2)} ms`);
    }
    console.log(`total ${total.toFixed(0)} ms`);
  } finally {
    await client.close();
    started?.child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  process.exitCode = 1;
});
