/**
 * HTTP benchmark: the reference framework (the example application) against
 * Fastify, Hono's Node server and bare node:http, on the same six routes
 * (bench/server-targets.ts), loopback only.
 *
 * Each target runs in its own child process; load comes from autocannon in
 * this process (50 connections, no pipelining, bounded duration), so with two
 * cores the server and the load generator each get one. Before anything is
 * timed, every target must answer every route with the same status, body and
 * compared headers (media type, Allow, X-Response-Time present). Then, per round, every route is loaded on every target in
 * turn (the target order rotates between rounds so drift hits all alike), and
 * the ratios are taken within the round; the report gives per-route medians
 * over rounds.
 *
 * Two measures per route and target: requests/s under autocannon, and the
 * server process's own CPU time (user + system, asked over IPC) per request.
 * autocannon is JavaScript on one core and saturates near 30k requests/s
 * here, below what node:http or Fastify can serve, so raw requests/s ratios
 * shrink towards 1 for anything faster than the generator. Requests per
 * server CPU second is what the server would do when it, not the generator,
 * is the bottleneck (the original wrk measurement): the headline uses it.
 *
 * The last line, `server-bench: reference/fastify=<r> reference/node=<r> …`,
 * gives the WORST route's median ratio: the goal is ≥ 1.0 on every route.
 *
 * Run: npm run bench:server
 *   BENCH_DURATION=1 (seconds per measurement)  BENCH_ROUNDS=9
 *   BENCH_QUICK=1 (1 round)  BENCH_TARGETS=reference,fastify,hono,node
 *   BENCH_CONNECTIONS=50  BENCH_ROUTES=text,middleware (route names as printed; default all)
 *
 * Many short rounds rather than a few long ones: the machines' noise comes in bursts of a few
 * seconds, and a burst then spoils one round's ratio, which the median drops (two runs of 9 × 1 s
 * agreed within 0.01–0.07 on every route; two of 3 × 3 s differed by up to 0.4).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import autocannon from 'autocannon';
import { TYPESCRIPT_LOADER } from '../conformance-runner/src/config/loader';
import { median } from './median';

const QUICK = process.env['BENCH_QUICK'] === '1';
const DURATION = Number(process.env['BENCH_DURATION'] ?? 1);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? (QUICK ? 1 : 9));
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const TARGETS = (process.env['BENCH_TARGETS'] ?? 'reference,fastify,hono,node').split(',').filter((t) => t !== '');

interface BenchRoute {
  readonly name: string;
  readonly method: 'GET' | 'DELETE';
  readonly path: string;
  readonly status: number;
  /** Headers whose values must agree between targets (X-Response-Time only has to be present). */
  readonly headers: readonly string[];
}

const ALL_ROUTES: readonly BenchRoute[] = [
  { name: 'static', method: 'GET', path: '/photos', status: 200, headers: ['content-type'] },
  { name: 'param json', method: 'GET', path: '/users/42', status: 200, headers: ['content-type'] },
  { name: 'text', method: 'GET', path: '/hello/Ada', status: 200, headers: ['content-type'] },
  { name: '404', method: 'GET', path: '/nothing/here', status: 404, headers: ['content-type'] },
  { name: '405 + Allow', method: 'DELETE', path: '/users/42', status: 405, headers: ['content-type', 'allow'] },
  { name: 'middleware', method: 'GET', path: '/api/ping', status: 200, headers: ['content-type', 'x-response-time'] },
];
// BENCH_ROUTES=text,middleware measures only those (a change to one path, without the others' minutes).
const ROUTE_NAMES = process.env['BENCH_ROUTES']?.split(',').filter((r) => r !== '');
const ROUTES = ROUTE_NAMES === undefined ? ALL_ROUTES : ALL_ROUTES.filter((r) => ROUTE_NAMES.includes(r.name));

interface Target {
  readonly name: string;
  readonly child: ChildProcess;
  readonly url: string;
}

function start(name: string): Promise<Target> {
  const child = spawn(process.execPath, ['-r', TYPESCRIPT_LOADER, path.join(__dirname, 'server-targets.ts'), name], {
    cwd: path.resolve(__dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening (\d+)/.exec(output);
      if (m !== null) resolve({ name, child, url: `http://127.0.0.1:${m[1]}` });
    });
    child.once('exit', (code) => reject(new Error(`target ${name} exited with ${code} before listening`)));
  });
}

interface Answer {
  readonly status: number;
  readonly body: string;
  readonly headers: Record<string, string>;
}

async function ask(target: Target, route: BenchRoute): Promise<Answer> {
  const response = await fetch(target.url + route.path, { method: route.method });
  const headers: Record<string, string> = {};
  for (const name of route.headers) {
    const value = response.headers.get(name);
    if (value === null) continue;
    // Media types are compared without parameters: Fastify adds "; charset=utf-8" to JSON.
    headers[name] = name === 'x-response-time' ? '<present>' : name === 'content-type' ? value.split(';')[0]!.trim().toLowerCase() : value;
  }
  return { status: response.status, body: await response.text(), headers };
}

/** Every target must give every route the same answer, or the comparison means nothing. */
async function verify(targets: readonly Target[]): Promise<void> {
  for (const route of ROUTES) {
    const answers = await Promise.all(targets.map((t) => ask(t, route)));
    const expected = JSON.stringify(answers[0]);
    targets.forEach((t, i) => {
      const got = JSON.stringify(answers[i]);
      if (got !== expected || answers[i]!.status !== route.status || Object.keys(answers[i]!.headers).length !== route.headers.length) {
        throw new Error(`${route.name}: ${t.name} answered ${got}, ${targets[0]!.name} answered ${expected}`);
      }
    });
  }
}

function cpuTime(target: Target): Promise<number> {
  return new Promise((resolve) => {
    target.child.once('message', (message: { cpu: number }) => resolve(message.cpu));
    target.child.send('cpu');
  });
}

interface Sample {
  /** Requests per second under the load generator. */
  readonly rate: number;
  /** Requests per second of the server's own CPU time (user + system): its throughput at saturation. */
  readonly efficiency: number;
}

async function load(target: Target, route: BenchRoute, seconds: number): Promise<Sample> {
  const cpuBefore = await cpuTime(target);
  const result = await autocannon({
    url: target.url + route.path,
    method: route.method,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
  });
  const expectedCode = `${Math.floor(route.status / 100)}xx` as '2xx' | '4xx';
  if (result.errors > 0 || result.timeouts > 0 || result[expectedCode] !== result.requests.total) {
    throw new Error(`${target.name} ${route.name}: ${result.errors} errors, ${result.timeouts} timeouts, ${result[expectedCode]}/${result.requests.total} ${expectedCode}`);
  }
  const cpu = (await cpuTime(target)) - cpuBefore;
  return { rate: result.requests.total / seconds, efficiency: result.requests.total / (cpu / 1e6) };
}

function report(targets: readonly Target[], samples: Sample[][][]): void {
  const ref = targets.findIndex((t) => t.name === 'reference');
  const others = targets.filter((t) => t.name !== 'reference');
  const ratio = (r: number, o: number, key: keyof Sample): number =>
    median(samples[r]![ref]!.map((s, i) => s[key] / samples[r]![o]![i]![key]));
  console.log(`${ROUNDS} round(s) × ${DURATION} s per route and target, ${CONNECTIONS} connections, medians over rounds`);
  console.log('');
  console.log('requests/s under load (capped by the load generator, which shares the machine):');
  console.log('route'.padEnd(14) + targets.map((t) => t.name.padStart(11)).join('') + (ref === -1 ? '' : others.map((t) => `ref/${t.name}`.padStart(14)).join('')));
  ROUTES.forEach((route, r) => {
    let line = route.name.padEnd(14) + targets.map((_, t) => `${(median(samples[r]![t]!.map((s) => s.rate)) / 1000).toFixed(1)}k`.padStart(11)).join('');
    if (ref !== -1) line += others.map((o) => ratio(r, targets.indexOf(o), 'rate').toFixed(2).padStart(14)).join('');
    console.log(line);
  });
  console.log('');
  console.log('server CPU per request (user + system µs) and throughput-at-saturation ratio (requests per server CPU second):');
  console.log('route'.padEnd(14) + targets.map((t) => t.name.padStart(11)).join('') + (ref === -1 ? '' : others.map((t) => `ref/${t.name}`.padStart(14)).join('')));
  const worst = new Map<string, number>();
  ROUTES.forEach((route, r) => {
    let line = route.name.padEnd(14) + targets.map((_, t) => (1e6 / median(samples[r]![t]!.map((s) => s.efficiency))).toFixed(1).padStart(11)).join('');
    if (ref !== -1) {
      for (const other of others) {
        const value = ratio(r, targets.indexOf(other), 'efficiency');
        worst.set(other.name, Math.min(worst.get(other.name) ?? Infinity, value));
        line += value.toFixed(2).padStart(14);
      }
    }
    console.log(line);
  });
  if (ref === -1) return;
  console.log('');
  console.log('headline: the worst route\'s throughput-at-saturation ratio');
  const parts = ['fastify', 'node', 'hono'].filter((n) => worst.has(n)).map((n) => `reference/${n}=${worst.get(n)!.toFixed(2)}`);
  console.log(`server-bench: ${parts.join(' ')}`);
}

async function main(): Promise<void> {
  const targets: Target[] = [];
  try {
    for (const name of TARGETS) targets.push(await start(name));
    await verify(targets);
    // Warm-up: JIT and connection pools, not recorded.
    for (const route of ROUTES) for (const target of targets) await load(target, route, 1);

    // samples[route][target] = one Sample per round
    const samples = ROUTES.map(() => targets.map(() => [] as Sample[]));
    for (let round = 0; round < ROUNDS; round++) {
      for (let r = 0; r < ROUTES.length; r++) {
        for (let k = 0; k < targets.length; k++) {
          const t = (k + round) % targets.length;
          samples[r]![t]!.push(await load(targets[t]!, ROUTES[r]!, DURATION));
        }
      }
    }
    report(targets, samples);
  } finally {
    for (const target of targets) target.child.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
