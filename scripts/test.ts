/*
 * `npm test`: every check of the repository, in order, each phase reporting its counts:
 *   1. type check       tsc --noEmit -p tsconfig.json                      (1 test)
 *   2. unit tests       node --test over reference/test, conformance-runner/test and selftest/test,
 *                       the layering check among them (conformance-runner/test/layering.test.ts)
 *   3. traceability     scripts/traceability.ts                            (1 test)
 *   4. conformance      the whole suite, properties included, against the reference adapter
 *   5. selftest         a few faults of selftest/faults, each narrowed to its rule: caught and charged there
 *   6. certify          one phase per adapter of adapters/ (AdonisJS, Laravel, Lumen): the whole suite against the
 *                       real framework, held to its committed expectations; skipped (never passed)
 *                       where the framework is not installed
 * The last line of output is always exactly `N passed, N failed` (`, N skipped` when any), the
 * sum over every phase; the exit status is 1 when anything failed. A phase whose inputs do not
 * exist yet fails loudly instead of being skipped.
 *
 * Quiet on success: a phase whose runs are meant to fail in places (the certifications print a
 * FAIL line per failing scenario of Lumen and Laravel) keeps its output and prints it only when
 * the phase fails; on success it prints a digest. Each phase says how long it took.
 *
 * Clean: every process of the run gets one temporary folder of its own as TMPDIR (a Sandbox);
 * whatever a phase leaves in it is listed and counted as one failure of that phase, then removed,
 * and the folder goes at the end, so a test that leaks temporary files fails `npm test`. reports/
 * is never touched (the conformance and certify phases write into the sandbox): a phase that
 * changes it fails.
 *
 * The unit phase prints a line per test file as it ends (scripts/unit-reporter.js).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TYPESCRIPT_LOADER } from '../conformance-runner/src/config/loader';
import { REFERENCE_ADAPTER_COMMAND, REFERENCE_ADAPTER_ENTRY } from '../conformance-runner/src/config/options';
import { countedFailures } from '../conformance-runner/src/reports/counted';
import type { ConformanceReport } from '../conformance-runner/src/reports/model';
import { adapterNames, certify, tempBase } from './certify';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface Phase {
  name: string;
  run: (io: PhaseIO) => Promise<Counts>;
}

export interface PhaseIO {
  write: (text: string) => void;
}

export const ROOT = path.resolve(__dirname, '..');
const NODE = process.execPath;
const UNIT_REPORTER = path.join(ROOT, 'scripts', 'unit-reporter.js');

/** Sum of counts. */
export function add(a: Counts, b: Counts): Counts {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped };
}

export function formatCounts(c: Counts): string {
  return `${c.passed} passed, ${c.failed} failed` + (c.skipped > 0 ? `, ${c.skipped} skipped` : '');
}

/**
 * The run's own temporary folder. Every process of the run gets it as TMPDIR (so os.tmpdir(),
 * mkdtemp and PHP's sys_get_temp_dir() all land there), which makes what a phase leaves behind
 * visible: `leftovers()` after the phase, `clear()` before the next one.
 */
export class Sandbox {
  constructor(readonly dir: string) {}

  static create(base = tempBase()): Sandbox {
    return new Sandbox(fs.mkdtempSync(path.join(base, 'fw-npm-test-')));
  }

  leftovers(): string[] {
    return fs.existsSync(this.dir) ? fs.readdirSync(this.dir).sort() : [];
  }

  clear(): void {
    for (const entry of this.leftovers()) fs.rmSync(path.join(this.dir, entry), { recursive: true, force: true });
  }

  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * What a folder holds, file by file with size and modification time: `npm test` takes it of
 * reports/ before and after each phase, and a phase that changed it fails (reports/ is what
 * `npm run conformance`, `certify` and `matrix` wrote; a test run must leave it as it was).
 */
export function folderState(dir: string): Map<string, string> {
  const state = new Map<string, string>();
  if (!fs.existsSync(dir)) return state;
  for (const entry of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const stat = fs.statSync(path.join(dir, entry));
    state.set(entry, stat.isDirectory() ? 'dir' : `${stat.size} ${stat.mtimeMs}`);
  }
  return state;
}

/** The entries of `before` and `after` that differ: added, removed or changed. */
export function folderChanges(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed = [...after].filter(([name, v]) => before.get(name) !== v).map(([name]) => (before.has(name) ? `${name} (changed)` : `${name} (added)`));
  const removed = [...before.keys()].filter((name) => !after.has(name)).map((name) => `${name} (removed)`);
  return [...changed, ...removed].sort();
}

/**
 * Runs the phases in order (all of them, even after a failure) and returns the exit status.
 * A phase that throws counts as one failure, with its message; so does a phase that leaves
 * anything in the sandbox (its entries are listed, then removed).
 */
export async function runPhases(phases: Phase[], io: PhaseIO, options: { sandbox?: Sandbox; untouched?: string } = {}): Promise<number> {
  const runStarted = Date.now();
  let total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const lines: string[] = [];
  for (const phase of phases) {
    io.write(`\n=== ${phase.name} ===\n`);
    const started = Date.now();
    const untouched = options.untouched === undefined ? undefined : folderState(options.untouched);
    let counts: Counts;
    try {
      counts = await phase.run(io);
    } catch (err) {
      io.write(`${phase.name} FAILED: ${(err as Error).message}\n`);
      counts = { passed: 0, failed: 1, skipped: 0 };
    }
    const left = options.sandbox?.leftovers() ?? [];
    if (left.length > 0) {
      io.write(`${phase.name} FAILED to clean up: it left ${left.length} temporary file(s) in ${options.sandbox!.dir}: ${left.slice(0, 10).join(', ')}${left.length > 10 ? ', …' : ''}\n`);
      counts = add(counts, { passed: 0, failed: 1, skipped: 0 });
      options.sandbox!.clear();
    }
    const touched = untouched === undefined ? [] : folderChanges(untouched, folderState(options.untouched!));
    if (touched.length > 0) {
      io.write(`${phase.name} FAILED: it changed ${options.untouched}, which npm test never touches: ${touched.slice(0, 10).join(', ')}${touched.length > 10 ? ', …' : ''}\n`);
      counts = add(counts, { passed: 0, failed: 1, skipped: 0 });
    }
    const line = `${phase.name}: ${formatCounts(counts)} (${seconds(Date.now() - started)})`;
    io.write(`${line}\n`);
    lines.push(line);
    total = add(total, counts);
  }
  io.write(`\n${lines.join('\n')}\ntotal time: ${seconds(Date.now() - runStarted)}\n${formatCounts(total)}\n`);
  return total.failed > 0 ? 1 : 0;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Runs a command; resolves with its exit code and what it printed. It streams the output unless
 * `echo` is false (a quiet phase prints it only when it fails: see `quiet`).
 */
export function exec(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; io: PhaseIO; echo?: boolean }): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const take = (d: Buffer) => {
      output += d;
      if (options.echo !== false) options.io.write(d.toString());
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

/**
 * What a quiet phase prints: on success only `digest` (output the phase's runs are meant to
 * produce, such as a certification's FAIL lines, is not news), on failure everything they printed.
 */
export function quiet(io: PhaseIO, ok: boolean, output: string, digest: string): void {
  if (ok) io.write(digest.endsWith('\n') || digest === '' ? digest : `${digest}\n`);
  else io.write(output.endsWith('\n') || output === '' ? output : `${output}\n`);
}

/**
 * One line about a run from its conformance.json: what ran (failures split as the verdict counts
 * them, reports/counted.ts), the verdict and the gate.
 */
export function runDigest(report: Pick<ConformanceReport, 'scenarios' | 'rules' | 'verdict' | 'gate' | 'summary' | 'timing'>): string {
  const c = countsFromReport(report);
  const counted = countedFailures(report).size;
  const { passed, total, percent } = report.summary.conformance;
  return `${report.scenarios.length} scenarios: ${c.passed} passed, ${counted} counted failures, ${c.failed - counted} informative (reference level or blocked), ${c.skipped} unsupported or skipped; ` +
    `verdict ${report.verdict} (${passed}/${total} must + implied rules pass, ${percent}%); gate ${report.gate.pass ? 'passes' : 'does not pass'}: ${report.gate.reason} (${seconds(report.timing.wallMs)})`;
}

/** The summary of node's TAP reporter (`# pass N` ...), or undefined when there is none. */
export function parseTapSummary(tap: string): Counts | undefined {
  const get = (key: string) => {
    const m = new RegExp(`^# ${key} (\\d+)$`, 'm').exec(tap);
    return m ? Number(m[1]) : undefined;
  };
  const pass = get('pass');
  const fail = get('fail');
  if (pass === undefined || fail === undefined) return undefined;
  return { passed: pass, failed: fail + (get('cancelled') ?? 0), skipped: (get('skipped') ?? 0) + (get('todo') ?? 0) };
}

/** Counts of a conformance run from conformance.json: unsupported and skipped count as skipped. */
export function countsFromReport(report: { scenarios: Array<{ status: string }> }): Counts {
  const c: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const s of report.scenarios) {
    if (s.status === 'passed') c.passed += 1;
    else if (s.status === 'unsupported' || s.status === 'skipped') c.skipped += 1;
    else c.failed += 1;
  }
  return c;
}

/** Every `*.test.ts` below the given directories, sorted. A missing directory is an error. */
export function findTestFiles(dirs: string[]): string[] {
  const files: string[] = [];
  for (const dir of dirs) {
    if (!fs.existsSync(dir)) throw new Error(`the test directory ${path.relative(ROOT, dir)} does not exist`);
    const found = (fs.readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.test.ts') && !f.split(path.sep).includes('fixtures'))
      .map((f) => path.join(dir, f));
    if (found.length === 0) throw new Error(`no *.test.ts file under ${path.relative(ROOT, dir)}`);
    files.push(...found);
  }
  return files.sort();
}

export const typecheckPhase: Phase = {
  name: 'type check',
  async run(io) {
    const tsc = require.resolve('typescript/bin/tsc');
    const { code, output } = await exec(NODE, [tsc, '--noEmit', '-p', 'tsconfig.json'], { io, echo: false });
    quiet(io, code === 0, output, 'no type error');
    return code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
  },
};

/** node --test with scripts/register.js (ts-node) over the given files: a line per file as it ends (scripts/unit-reporter.js), counts from a TAP file. */
export function unitPhase(files: () => string[], name = 'unit tests'): Phase {
  return {
    name,
    async run(io) {
      const list = files();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-test-'));
      try {
        const tap = path.join(dir, 'unit.tap');
        io.write(`${list.length} test files\n`);
        // Not a child of an outer `node --test` (as when this phase is itself under test).
        const env: NodeJS.ProcessEnv = { ...process.env, FW_UNIT_FILES: String(list.length) };
        delete env.NODE_TEST_CONTEXT;
        // A line per file as it ends, with its failures in full; one file at a time, as 2 cores run them anyway.
        const { code } = await exec(NODE, ['-r', TYPESCRIPT_LOADER, '--test', '--test-concurrency=1',
          `--test-reporter=${UNIT_REPORTER}`, '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`,
          ...list], { io, env });
        const counts = fs.existsSync(tap) ? parseTapSummary(fs.readFileSync(tap, 'utf8')) : undefined;
        if (!counts) throw new Error(`node --test exited with ${code} and reported no summary`);
        // node --test fails the run for errors outside any test (a file that does not load) too.
        if (code !== 0 && counts.failed === 0) return { ...counts, failed: 1 };
        return counts;
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export const traceabilityPhase: Phase = {
  name: 'traceability',
  async run(io) {
    const script = path.join(ROOT, 'scripts', 'traceability.ts');
    if (!fs.existsSync(script)) throw new Error('scripts/traceability.ts does not exist');
    const { code } = await exec(NODE, ['-r', TYPESCRIPT_LOADER, script], { io });
    return code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
  },
};

export const conformancePhase: Phase = {
  name: 'conformance (reference)',
  async run(io) {
    for (const needed of ['features/rules.json', REFERENCE_ADAPTER_ENTRY]) {
      if (!fs.existsSync(path.join(ROOT, needed))) throw new Error(`${needed} does not exist`);
    }
    // Never reports/: what `npm run conformance` or `npm run matrix` wrote there stays.
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-conformance-phase-'));
    try {
      const report = path.join(out, 'conformance.json');
      const { code, output } = await exec(NODE, [path.join(ROOT, 'conformance-runner', 'bin', 'fw-conformance.js'),
        '--start', REFERENCE_ADAPTER_COMMAND, '--out', out], { io, echo: false });
      if (!fs.existsSync(report)) {
        quiet(io, false, output, '');
        throw new Error(`fw-conformance exited with ${code} and wrote no conformance.json`);
      }
      const json = JSON.parse(fs.readFileSync(report, 'utf8'));
      const counts = countsFromReport(json);
      // A failing verdict without a failing scenario (an incomplete run, rules not run) still fails.
      const result = code !== 0 && counts.failed === 0 ? { ...counts, failed: 1 } : counts;
      quiet(io, result.failed === 0, output, runDigest(json));
      return result;
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  },
};

/**
 * The self-test's fast subset: a few faults of different kinds (a proxy, a patch of the router, a
 * patch of the dispatcher), each run narrowed to its own rule. `npm run selftest` runs them all.
 */
export const SELFTEST_SUBSET = ['errors-405-without-allow', 'named-name-ignored', 'registration-closure-gets-map'];

export const selftestPhase: Phase = {
  name: 'selftest (subset)',
  async run(io) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-selftest-phase-'));
    try {
      const json = path.join(dir, 'selftest.json');
      // Its output (one CAUGHT line per fault, then the goals) is short and says nothing failed when nothing did.
      const { code } = await exec(NODE, ['-r', TYPESCRIPT_LOADER, path.join(ROOT, 'selftest', 'run.ts'), '--narrow', '--parallel', '1', '--json', json,
        ...SELFTEST_SUBSET.flatMap((id) => ['--fault', id])], { io });
      if (!fs.existsSync(json)) throw new Error(`the self-test exited with ${code} and wrote no results`);
      const results = (JSON.parse(fs.readFileSync(json, 'utf8')) as { results: Array<{ caught: boolean; targetCharged: boolean; error?: string }> }).results;
      const passed = results.filter((r) => r.caught && r.targetCharged && r.error === undefined).length;
      return { passed, failed: results.length - passed, skipped: 0 };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

/** `npm run certify -- <name>` as a phase: 1 passed, 1 failed, or 1 skipped when not installed. */
export function certifyPhase(name: string): Phase {
  return {
    name: `certify (${name})`,
    async run(io) {
      // A certification is meant to fail scenarios (those its expectations file lists): its
      // FAIL lines are printed only when the certification itself fails.
      let output = '';
      // Never reports/<name>/: what `npm run certify` wrote there stays.
      const out = fs.mkdtempSync(path.join(os.tmpdir(), `fw-certify-phase-${name}-`));
      try {
        const r = await certify(name, { reports: out, write: (text) => { output += text; } });
        const report = path.join(out, 'conformance.json');
        const digest = r.status === 'passed' && fs.existsSync(report) ? runDigest(JSON.parse(fs.readFileSync(report, 'utf8'))) : '';
        quiet(io, r.status !== 'failed', output, digest);
        io.write(`certify ${name}: ${r.status.toUpperCase()} — ${r.reason}${r.status === 'failed' ? ` (the reports are removed with npm test's temporary folder: npm run certify -- ${name} writes them to reports/${name}/)` : ''}\n`);
        return { passed: r.status === 'passed' ? 1 : 0, failed: r.status === 'failed' ? 1 : 0, skipped: r.status === 'skipped' ? 1 : 0 };
      } finally {
        fs.rmSync(out, { recursive: true, force: true });
      }
    },
  };
}

/** The phases by the name that selects them on the command line (`scripts/test.ts unit`). */
export function defaultPhases(): Record<string, Phase> {
  return {
    typecheck: typecheckPhase,
    unit: unitPhase(() => findTestFiles([path.join(ROOT, 'reference', 'test'), path.join(ROOT, 'conformance-runner', 'test'), path.join(ROOT, 'selftest', 'test')])),
    traceability: traceabilityPhase,
    conformance: conformancePhase,
    selftest: selftestPhase,
    ...Object.fromEntries(adapterNames().map((name) => [`certify-${name}`, certifyPhase(name)])),
  };
}

/** The phases named in argv, in the order given; all of them when none is named. */
export function selectPhases(argv: string[], phases: Record<string, Phase>): Phase[] {
  if (argv.length === 0) return Object.values(phases);
  return argv.map((name) => {
    const phase = phases[name];
    if (!phase) throw new Error(`unknown phase "${name}"; the phases are ${Object.keys(phases).join(', ')}`);
    return phase;
  });
}

/**
 * `npm test`: the phases inside a sandbox. ts-node's v8-compile-cache writes a 2.3 MB blob into
 * $TMPDIR/v8-compile-cache-0 for every entry script that loads TypeScript (every self-test scratch
 * copy has a new path, so /tmp grew by gigabytes); the run turns it off for its processes.
 */
async function main(argv: string[]): Promise<number> {
  const phases = selectPhases(argv, defaultPhases());
  const sandbox = Sandbox.create();
  process.env.TMPDIR = sandbox.dir;
  process.env.DISABLE_V8_COMPILE_CACHE = '1';
  const interrupted = () => {
    sandbox.remove();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    return await runPhases(phases, { write: (text) => process.stdout.write(text) }, { sandbox, untouched: path.join(ROOT, 'reports') });
  } finally {
    sandbox.remove();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stdout.write(`npm test: ${(err as Error).message}\n0 passed, 1 failed\n`);
      process.exit(1);
    },
  );
}
