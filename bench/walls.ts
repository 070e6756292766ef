/**
 * The wall times issue 22 sets goals for, measured the way a user meets them: the npm commands
 * themselves, one after the other, in rounds (so that a slow minute of a shared machine falls on
 * every command alike, not on one):
 *
 *   npm run certify -- lumen      goal ≤ 5 s
 *   npm run certify -- laravel    goal ≤ 8 s
 *   npm run conformance           goal ≤ 4.5 s
 *
 *   npm run bench:walls                       # BENCH_ROUNDS=3 by default
 *
 * A certification whose framework is not installed is reported as skipped. The load average
 * before and after says how busy the machine was: these machines have 2 cores, and a run is
 * CPU-bound on both (docs/architecture.md, "Where the time goes"). So each run also gives the CPU
 * time the whole machine spent during it (every process: npm, the runner's threads, the adapter,
 * PHP's workers, c8; os.cpus(), not the command's own accounting, which loses the PHP workers
 * `php -S` never reaps) and that time divided by the cores: the wall the same work would take with
 * every core busy throughout, below which no rescheduling can go.
 *
 * Last line: `walls-bench: lumen=<s> laravel=<s> conformance=<s> (medians; goals 5 / 8 / 4.5 s)`.
 */
import { spawn } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { median } from './median';

const ROOT = path.resolve(__dirname, '..');
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

interface Command {
  name: string;
  args: string[];
  goalS: number;
}

const COMMANDS: Command[] = [
  { name: 'lumen', args: ['run', 'certify', '--', 'lumen'], goalS: 5 },
  { name: 'laravel', args: ['run', 'certify', '--', 'laravel'], goalS: 8 },
  { name: 'conformance', args: ['run', 'conformance'], goalS: 4.5 },
];

/** CPU seconds the machine has spent busy since it started, all cores together. */
function machineBusyS(): number {
  return os.cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0) / 1000;
}

interface Timing {
  wallS: number;
  /** The machine's CPU time during the run. */
  cpuS: number;
}

/** One run of an npm command: its wall and CPU time, or why it does not count. */
function timed(command: Command): Promise<Timing | { skipped: string }> {
  return new Promise((resolve, reject) => {
    const busy = machineBusyS();
    const started = performance.now();
    const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', command.args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.once('error', reject);
    child.once('close', (code) => {
      const wallS = (performance.now() - started) / 1000;
      const cpuS = machineBusyS() - busy;
      const skipped = /certify \S+: SKIPPED — (.*)/.exec(output);
      if (skipped) resolve({ skipped: skipped[1]! });
      // A certification exits non-zero when its results change: that is a finding, not a timing.
      else if (code !== 0) reject(new Error(`npm ${command.args.join(' ')} exited with ${code}:\n${output.slice(-2000)}`));
      else resolve({ wallS, cpuS });
    });
  });
}

const load = (): string => os.loadavg().map((l) => l.toFixed(2)).join(' ');

async function main(): Promise<void> {
  const cores = os.cpus().length;
  console.log(`walls: ${ROUNDS} round(s) of ${COMMANDS.map((c) => c.name).join(', ')} on ${cores} cores; load average before: ${load()}`);
  const walls = new Map<string, number[]>(COMMANDS.map((c) => [c.name, []]));
  const cpus = new Map<string, number[]>(COMMANDS.map((c) => [c.name, []]));
  const skipped = new Map<string, string>();
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const command of COMMANDS) {
      if (skipped.has(command.name)) continue;
      const result = await timed(command);
      if ('skipped' in result) {
        skipped.set(command.name, result.skipped);
        console.log(`  ${command.name}: skipped (${result.skipped})`);
        continue;
      }
      walls.get(command.name)!.push(result.wallS);
      cpus.get(command.name)!.push(result.cpuS);
      console.log(`  round ${round} ${command.name.padEnd(12)} ${result.wallS.toFixed(2)} s   CPU ${result.cpuS.toFixed(2)} s`);
    }
  }
  console.log(`load average after: ${load()}`);
  console.log(`command       median    min     max     goal   median within goal   CPU (median)   CPU / ${cores} cores`);
  const last: string[] = [];
  for (const command of COMMANDS) {
    const xs = walls.get(command.name)!;
    if (xs.length === 0) {
      last.push(`${command.name}=skipped`);
      continue;
    }
    const m = median(xs);
    const cpu = median(cpus.get(command.name)!);
    console.log(`${command.name.padEnd(12)} ${m.toFixed(2).padStart(6)} s ${Math.min(...xs).toFixed(2).padStart(6)} s ${Math.max(...xs).toFixed(2).padStart(6)} s ${command.goalS.toFixed(1).padStart(5)} s   ${(m <= command.goalS ? 'yes' : 'no').padEnd(18)} ${cpu.toFixed(2).padStart(7)} s ${(cpu / cores).toFixed(2).padStart(10)} s`);
    last.push(`${command.name}=${m.toFixed(2)}`);
  }
  console.log(`walls-bench: ${last.join(' ')} (medians; goals ${COMMANDS.map((c) => c.goalS).join(' / ')} s)`);
}

main().catch((err: unknown) => {
  console.error(`walls: ${(err as Error).message}`);
  process.exit(1);
});
