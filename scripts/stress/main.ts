/*
 * `npm run stress [-- --quick] [--case TEXT]`: hostile traffic against the example application and the
 * reference adapter, both started here as child processes on loopback and always stopped at the
 * end. One line per case (held / FAILED, worst latency, statuses, RSS before→after, crash), then
 * `stress: N held, N failed`; exits 1 when anything did not hold. Full mode takes a few minutes,
 * --quick well under one. Every probe has a timeout, and the loads are bounded (see each case).
 * `--help` lists the cases. The servers are started only when a selected case needs them (runner
 * cases start their own adapters), so one runner case is measured on a machine without them.
 */
import { randomBytes } from 'node:crypto';
import { ADAPTER_CASES, SAWTOOTH_CASE } from './adapterCases';
import { WORK_CASES } from './workCases';
import type { CaseContext, StressCase } from './cases';
import { EXAMPLE_CASES } from './exampleCases';
import { ServerProcess, sleep } from './processes';
import { formatCase, type CaseResult, type Outcome } from './report';
import { RUNNER_CASES, type RunnerCase } from './runnerCases';

const TOKEN = randomBytes(16).toString('hex');

/** Runs one case and judges it: its own criterion, and the server alive and answering after it. */
async function runCase(target: string, server: ServerProcess, c: StressCase, quick: boolean): Promise<CaseResult> {
  await server.ensure();
  const deathsBefore = server.deaths.length;
  const rssBeforeMb = server.rssMb();
  const ctx: CaseContext = { port: server.port, token: TOKEN, quick, rssMb: () => server.rssMb() };
  let outcome: Outcome;
  try {
    outcome = await c.run(ctx);
  } catch (err) {
    outcome = { ok: false, statuses: [], maxMs: 0, note: `the case itself failed: ${(err as Error).stack ?? String(err)}` };
  }
  let crash = server.deaths.length > deathsBefore ? server.deaths.at(-1) : undefined;
  if (crash === undefined && (await waitHealthy(server, 10_000)) === undefined) {
    crash = `stopped answering GET ${server.spec.readyPath} for 10 s; restarted`;
    await server.stop();
  }
  const rssAfterMb = server.rssMb();
  return { ...outcome, target, name: c.name, held: outcome.ok && crash === undefined, rssBeforeMb, rssAfterMb, crash };
}

/** A runner case starts its own adapters: judged on its own criterion, with the runner's peak memory in its note. */
async function runRunnerCase(c: RunnerCase, quick: boolean): Promise<CaseResult> {
  let outcome: Outcome;
  try {
    outcome = await c.run(quick);
  } catch (err) {
    outcome = { ok: false, statuses: [], maxMs: 0, note: `the case itself failed: ${(err as Error).stack ?? String(err)}` };
  }
  return { ...outcome, target: 'runner', name: c.name, held: outcome.ok, rssBeforeMb: 0, rssAfterMb: 0, crash: undefined };
}

/** A server busy with a slow request deserves a few seconds before it counts as stuck. */
async function waitHealthy(server: ServerProcess, withinMs: number): Promise<number | undefined> {
  const deadline = Date.now() + withinMs;
  while (server.alive) {
    const ms = await server.healthy(Math.max(500, deadline - Date.now()));
    if (ms !== undefined || Date.now() >= deadline) return ms;
    await sleep(100);
  }
  return undefined;
}

const USAGE = `usage: npm run stress [-- [--quick] [--case TEXT]...]

  --quick       smaller loads; runner cases run the params rules only
  --case TEXT   only the cases whose name contains TEXT (repeatable); for one case:
                  npm run stress -- --case '1,000,000'
  --help        this text

Prints one line per case (held / FAILED and what was measured), then "stress: N held, N failed";
exits 1 when a case did not hold. The cases, by target:
`;

function usage(): string {
  const list = (target: string, cases: ReadonlyArray<{ name: string }>) => cases.map((c) => `  ${target.padEnd(8)} ${c.name}`).join('\n');
  return `${USAGE}${list('example', EXAMPLE_CASES)}\n${list('adapter', [...ADAPTER_CASES, ...WORK_CASES, SAWTOOTH_CASE])}\n${list('runner', RUNNER_CASES)}\n`;
}

/** `--case TEXT` (repeatable): only the cases whose name contains one of the texts. */
function caseFilter(argv: readonly string[]): (c: { name: string }) => boolean {
  const wanted = argv.flatMap((a, i) => (a === '--case' && argv[i + 1] !== undefined ? [argv[i + 1]!] : []));
  return (c) => wanted.length === 0 || wanted.some((w) => c.name.includes(w));
}

async function main(): Promise<number> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(usage());
    return 0;
  }
  const quick = process.argv.includes('--quick');
  const selected = caseFilter(process.argv);
  if (![...EXAMPLE_CASES, ...ADAPTER_CASES, ...WORK_CASES, SAWTOOTH_CASE, ...RUNNER_CASES].some(selected)) {
    // A mistyped --case would otherwise "hold" by running nothing.
    process.stdout.write(`stress: no case matches --case (see npm run stress -- --help)\nstress: 0 held, 1 failed\n`);
    return 1;
  }
  const started = Date.now();
  const example = new ServerProcess({ label: 'example server', script: 'reference/example/server.ts', readyPath: '/photos' });
  const adapter = new ServerProcess({
    label: 'reference adapter', script: 'reference/adapter/main.ts', env: { TOKEN }, readyPath: '/__fw/info',
    readyHeaders: { authorization: `Bearer ${TOKEN}` },
  });
  const plan: Array<[string, ServerProcess, StressCase[]]> = [['example', example, EXAMPLE_CASES.filter(selected)], ['adapter', adapter, [...ADAPTER_CASES, ...WORK_CASES, SAWTOOTH_CASE].filter(selected)]];
  // Only the servers a selected case talks to: idle servers are noise in a runner case's timings.
  const servers = plan.filter(([, , cases]) => cases.length > 0).map(([, server]) => server);
  // Whatever happens, no server outlives this script.
  process.on('exit', () => servers.forEach((s) => s.killNow()));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      servers.forEach((s) => s.killNow());
      process.exit(130);
    });
  }
  const results: CaseResult[] = [];
  try {
    process.stdout.write(`stress (${quick ? 'quick' : 'full'} mode)${servers.length > 0 ? `: starting ${servers.map((s) => `the ${s.spec.label}`).join(' and ')}` : ''}\n`);
    await Promise.all(servers.map((s) => s.start()));
    for (const [target, server, cases] of plan) {
      for (const c of cases) {
        const result = await runCase(target, server, c, quick);
        results.push(result);
        process.stdout.write(`${formatCase(result)}\n`);
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  for (const c of RUNNER_CASES.filter(selected)) {
    const result = await runRunnerCase(c, quick);
    results.push(result);
    process.stdout.write(`${formatCase(result)}\n`);
  }
  const held = results.filter((r) => r.held).length;
  const failed = results.length - held;
  process.stdout.write(`(${((Date.now() - started) / 1000).toFixed(0)} s)\nstress: ${held} held, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stdout.write(`stress: ${(err as Error).stack ?? String(err)}\nstress: 0 held, 1 failed\n`);
    process.exit(1);
  },
);
