/**
 * How a slow target stretches a run (issue 37, "the next performance goal is slow targets"): the
 * whole suite against the reference behind a proxy that holds each application request 0, 20 and
 * 50 ms (bench/latencyProxy.ts), side by side in one call, in rounds (so that a slow minute of a
 * shared machine falls on every delay alike). A run that sends its requests one after the other
 * pays the delay once per request; one that sends independent scenarios and properties at once,
 * up to what the adapter declares it takes (info.concurrency), pays it about once per lane.
 *
 *   npm run bench:latency                    # BENCH_ROUNDS=1, BENCH_DELAYS=0,20,50 by default
 *
 * Each run: fw-conformance --start <proxy> --seed 1 --quiet, reports in a temporary folder.
 * Last line: `latency-bench: ratio20=<x> ratio50=<x>`, each the delayed run's wall (median over the
 * rounds) over the 0 ms run's (goal: ratio50 ≤ 2).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TYPESCRIPT_LOADER } from '../conformance-runner/src/config/loader';
import { shellQuote } from '../conformance-runner/src/config/shellQuote';
import { median } from './median';

const ROOT = path.resolve(__dirname, '..');
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const DELAYS = (process.env.BENCH_DELAYS ?? '0,20,50').split(',').map(Number);
const BIN = path.join(ROOT, 'conformance-runner', 'bin', 'fw-conformance.js');
const PROXY = path.join(ROOT, 'bench', 'latencyProxy.ts');

interface Run {
  wallS: number;
  verdict: string;
  requests: number;
  /** The runner's own measure of the suite (conformance.json timing.suiteMs), and its slowest property. */
  suiteS: number;
  slowestPropertyS: number;
}

/** One run of the suite against the proxy holding application requests `delayMs`. */
function run(delayMs: number): Promise<Run> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-latency-'));
  const start = `FW_DELAY_MS=${delayMs} exec ${shellQuote(process.execPath)} -r ${shellQuote(TYPESCRIPT_LOADER)} ${shellQuote(PROXY)}`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, '--start', start, '--seed', '1', '--quiet', '--out', out], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => { output += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { output += c.toString(); });
    child.once('error', reject);
    child.once('close', (code) => {
      const wallS = (performance.now() - started) / 1000;
      try {
        const report = JSON.parse(fs.readFileSync(path.join(out, 'conformance.json'), 'utf8')) as
          { verdict: string; timing: { requests: number; suiteMs: number }; scenarios: { property?: { durationMs?: number } | null }[] };
        if (code !== 0) throw new Error(`exit ${code}`);
        const slowest = Math.max(0, ...report.scenarios.map((s) => s.property?.durationMs ?? 0));
        resolve({ wallS, verdict: report.verdict, requests: report.timing.requests, suiteS: report.timing.suiteMs / 1000, slowestPropertyS: slowest / 1000 });
      } catch (err) {
        reject(new Error(`the run with ${delayMs} ms failed (${(err as Error).message}):\n${output.slice(-2000)}`));
      } finally {
        fs.rmSync(out, { recursive: true, force: true });
      }
    });
  });
}

async function main(): Promise<void> {
  console.log(`latency: ${ROUNDS} round(s) of ${DELAYS.map((d) => `${d} ms`).join(', ')} per application request; load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const walls = new Map<number, number[]>(DELAYS.map((d) => [d, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const d of DELAYS) {
      const r = await run(d);
      walls.get(d)!.push(r.wallS);
      console.log(`  round ${round} ${String(d).padStart(3)} ms   ${r.wallS.toFixed(2)} s   (suite ${r.suiteS.toFixed(2)} s, slowest property ${r.slowestPropertyS.toFixed(2)} s)   ${r.verdict}, ${r.requests} requests`);
    }
  }
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const base = median(walls.get(0) ?? walls.get(DELAYS[0]!)!);
  const ratio = (d: number) => (walls.has(d) ? (median(walls.get(d)!) / base).toFixed(2) : 'n/a');
  for (const d of DELAYS) console.log(`${String(d).padStart(3)} ms: median ${median(walls.get(d)!).toFixed(2)} s, ${ratio(d)}× the 0 ms run`);
  console.log(`latency-bench: ratio20=${ratio(20)} ratio50=${ratio(50)}`);
}

main().catch((err: unknown) => {
  console.error(`latency: ${(err as Error).message}`);
  process.exit(1);
});
