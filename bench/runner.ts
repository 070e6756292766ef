/**
 * The runner's own cost per request, against an adapter that answers at once (the runner tests'
 * fixture adapter: protocol 2, no framework behind it), so that what is measured is fw-conformance
 * and not a framework:
 *
 *   1. client: AdapterClient.send() in a loop, one request at a time (undici, the exchange record,
 *      the body read with its limit), in rounds alternating with the floor: the same request made
 *      with a bare undici Pool to the same adapter. The difference is what the runner adds;
 *   2. suite: the whole suite through `fw-conformance` (cucumber, steps, properties, reports),
 *      its median request as the report measures it (support/timing.ts). The scenarios fail,
 *      as they should against an adapter without a router: only the cost is of interest.
 *
 *   npm run bench:runner                 # BENCH_REQUESTS=20000 by default
 *
 * Last line: `runner-bench: client median=<ms> bare median=<ms> overhead=<ms> suite median=<ms> (goal ≤ 0.15 ms)`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Pool } from 'undici';
import { AdapterClient, HEADER_APP } from '../conformance-runner/src/protocol';
import { freePort } from '../conformance-runner/src/target/freePort';

const ROOT = path.resolve(__dirname, '..');
const ADAPTER = path.join(ROOT, 'conformance-runner', 'test', 'fixtures', 'runner', 'adapter.js');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const GOAL_MS = 0.15;


async function startAdapter(): Promise<{ url: string; token: string; child: ChildProcess }> {
  const port = await freePort();
  const token = 'bench';
  const child = spawn(process.execPath, [ADAPTER], { env: { ...process.env, PORT: String(port), TOKEN: token }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the fixture adapter exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, token, child };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

interface Loop {
  median: number;
  p95: number;
  perSecond: number;
}

const ROUNDS = 4;

/** The client and the bare floor, in alternating rounds so that the machine's noise falls on both. */
async function clientLoop(): Promise<{ client: Loop; bare: Loop }> {
  const adapter = await startAdapter();
  const client = new AdapterClient({ url: adapter.url, token: adapter.token, capabilities: ['routing'] });
  const pool = new Pool(adapter.url, { connections: 1 });
  try {
    const loaded = await client.loadApp({ protocol: 2, routeFiles: { web: [] } });
    if (!loaded.ok) throw new Error(loaded.message);
    const app = loaded.app;
    const viaClient = async (): Promise<void> => {
      client.resetLog();
      await client.send(app, { method: 'GET', path: '/hello' });
    };
    const bare = async (): Promise<void> => {
      const res = await pool.request({ method: 'GET', path: '/hello', headers: { [HEADER_APP]: app } });
      await res.body.text();
    };
    // Warm-up: JIT and connections.
    for (let i = 0; i < 2000; i++) {
      await viaClient();
      await bare();
    }
    const times = { client: [] as number[], bare: [] as number[] };
    const spent = { client: 0, bare: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, once] of [['client', viaClient], ['bare', bare]] as const) {
        const started = performance.now();
        for (let i = 0; i < REQUESTS / ROUNDS; i++) {
          const t = performance.now();
          await once();
          times[name].push(performance.now() - t);
        }
        spent[name] += performance.now() - started;
      }
    }
    const loop = (name: 'client' | 'bare'): Loop => {
      const sorted = times[name].sort((a, b) => a - b);
      return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), perSecond: sorted.length / (spent[name] / 1000) };
    };
    return { client: loop('client'), bare: loop('bare') };
  } finally {
    await client.close();
    await pool.close();
    adapter.child.kill('SIGTERM');
  }
}

async function wholeSuite(): Promise<{ median: number; p95: number; requests: number; wallMs: number; suiteMs: number }> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-bench-runner-'));
  try {
    const code = await new Promise<number | null>((resolve) => {
      spawn(process.execPath, [path.join(ROOT, 'conformance-runner', 'bin', 'fw-conformance.js'),
        '--start', `exec node ${JSON.stringify(ADAPTER)}`, '--skip-adapter-check', '--quiet', '--seed', '1', '--out', out],
      { cwd: ROOT, env: { ...process.env, FIXTURE_CAPABILITIES: 'routing' }, stdio: 'ignore' }).on('exit', resolve);
    });
    if (code === 2) throw new Error('fw-conformance refused its options');
    const report = JSON.parse(fs.readFileSync(path.join(out, 'conformance.json'), 'utf8')) as { timing: { medianRequestMs: number; p95RequestMs: number; requests: number; wallMs: number; suiteMs: number } };
    const t = report.timing;
    return { median: t.medianRequestMs, p95: t.p95RequestMs, requests: t.requests, wallMs: t.wallMs, suiteMs: t.suiteMs };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { client, bare } = await clientLoop();
  const line = (what: string, l: Loop): string => `${what}: ${REQUESTS} requests one at a time: median ${l.median.toFixed(3)} ms, p95 ${l.p95.toFixed(3)} ms, ${Math.round(l.perSecond)} requests/s\n`;
  process.stdout.write(line('client', client));
  process.stdout.write(line('bare undici (the floor)', bare));
  const suite = await wholeSuite();
  process.stdout.write(`suite: ${suite.requests} requests (routing only), median ${suite.median.toFixed(3)} ms, p95 ${suite.p95.toFixed(3)} ms; ` +
    `suite ${(suite.suiteMs / 1000).toFixed(1)} s, wall ${(suite.wallMs / 1000).toFixed(1)} s\n`);
  process.stdout.write(`runner-bench: client median=${client.median.toFixed(3)} bare median=${bare.median.toFixed(3)} overhead=${(client.median - bare.median).toFixed(3)} ` +
    `suite median=${suite.median.toFixed(3)} (goal ≤ ${GOAL_MS} ms)\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:runner: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
