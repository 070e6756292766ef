/*
 * `npm test`: every check of the repository, in order, each phase reporting its counts:
 *   1. type check       tsc --noEmit -p tsconfig.json                      (1 test)
 *   2. unit tests       node --test over reference/test, conformance-runner/test and selftest/test,
 *                       the layering check among them (conformance-runner/test/layering.test.ts)
 *   3. traceability     scripts/traceability.ts                            (1 test)
 *   4. conformance      the whole suite, properties included, against the reference adapter
 *   5. selftest         a few faults of selftest/faults, each narrowed to its rule: caught and charged there
 *   6. certify          one phase per adapter of adapters/ (Lumen, Laravel): the whole suite against the
 *                       real framework, held to its committed expectations; skipped (never passed)
 *                       where the framework is not installed
 * The last line of output is always exactly `N passed, N failed` (`, N skipped` when any), the
 * sum over every phase; the exit status is 1 when anything failed. A phase whose inputs do not
 * exist yet fails loudly instead of being skipped.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TYPESCRIPT_LOADER } from '../conformance-runner/src/cli/loader';
import { REFERENCE_ADAPTER_COMMAND, REFERENCE_ADAPTER_ENTRY } from '../conformance-runner/src/cli/options';
import { adapterNames, certify } from './certify';

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

/** Sum of counts. */
export function add(a: Counts, b: Counts): Counts {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped };
}

export function formatCounts(c: Counts): string {
  return `${c.passed} passed, ${c.failed} failed` + (c.skipped > 0 ? `, ${c.skipped} skipped` : '');
}

/**
 * Runs the phases in order (all of them, even after a failure) and returns the exit status.
 * A phase that throws counts as one failure, with its message.
 */
export async function runPhases(phases: Phase[], io: PhaseIO): Promise<number> {
  let total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const lines: string[] = [];
  for (const phase of phases) {
    io.write(`\n=== ${phase.name} ===\n`);
    const started = Date.now();
    let counts: Counts;
    try {
      counts = await phase.run(io);
    } catch (err) {
      io.write(`${phase.name} FAILED: ${(err as Error).message}\n`);
      counts = { passed: 0, failed: 1, skipped: 0 };
    }
    const line = `${phase.name}: ${formatCounts(counts)} (${((Date.now() - started) / 1000).toFixed(1)} s)`;
    io.write(`${line}\n`);
    lines.push(line);
    total = add(total, counts);
  }
  io.write(`\n${lines.join('\n')}\n${formatCounts(total)}\n`);
  return total.failed > 0 ? 1 : 0;
}

/** Runs a command, streaming its output; resolves with its exit code and what it printed. */
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
    const { code } = await exec(NODE, [tsc, '--noEmit', '-p', 'tsconfig.json'], { io });
    return code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
  },
};

/** node --test with scripts/register.js (ts-node) over the given files: dots on the console, counts from a TAP file. */
export function unitPhase(files: () => string[], name = 'unit tests'): Phase {
  return {
    name,
    async run(io) {
      const list = files();
      const tap = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-test-')), 'unit.tap');
      io.write(`${list.length} test files\n`);
      // Not a child of an outer `node --test` (as when this phase is itself under test).
      const env = { ...process.env };
      delete env.NODE_TEST_CONTEXT;
      const { code } = await exec(NODE, ['-r', TYPESCRIPT_LOADER, '--test',
        '--test-reporter=dot', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`,
        ...list], { io, env });
      const counts = fs.existsSync(tap) ? parseTapSummary(fs.readFileSync(tap, 'utf8')) : undefined;
      if (!counts) throw new Error(`node --test exited with ${code} and reported no summary`);
      // node --test fails the run for errors outside any test (a file that does not load) too.
      if (code !== 0 && counts.failed === 0) return { ...counts, failed: 1 };
      return counts;
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
    const out = path.join(ROOT, 'reports');
    const report = path.join(out, 'conformance.json');
    fs.rmSync(report, { force: true });
    const { code } = await exec(NODE, [path.join(ROOT, 'conformance-runner', 'bin', 'fw-conformance.js'),
      '--start', REFERENCE_ADAPTER_COMMAND, '--out', out], { io });
    if (!fs.existsSync(report)) throw new Error(`fw-conformance exited with ${code} and wrote no reports/conformance.json`);
    const counts = countsFromReport(JSON.parse(fs.readFileSync(report, 'utf8')));
    // A failing verdict without a failing scenario (an incomplete run, rules not run) still fails.
    if (code !== 0 && counts.failed === 0) return { ...counts, failed: 1 };
    return counts;
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
    const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-selftest-phase-')), 'selftest.json');
    const { code } = await exec(NODE, ['-r', TYPESCRIPT_LOADER, path.join(ROOT, 'selftest', 'run.ts'), '--narrow', '--parallel', '1', '--json', json,
      ...SELFTEST_SUBSET.flatMap((id) => ['--fault', id])], { io });
    if (!fs.existsSync(json)) throw new Error(`the self-test exited with ${code} and wrote no results`);
    const results = (JSON.parse(fs.readFileSync(json, 'utf8')) as { results: Array<{ caught: boolean; targetCharged: boolean; error?: string }> }).results;
    const passed = results.filter((r) => r.caught && r.targetCharged && r.error === undefined).length;
    return { passed, failed: results.length - passed, skipped: 0 };
  },
};

/** `npm run certify -- <name>` as a phase: 1 passed, 1 failed, or 1 skipped when not installed. */
export function certifyPhase(name: string): Phase {
  return {
    name: `certify (${name})`,
    async run(io) {
      const r = await certify(name, { write: (text) => io.write(text) });
      io.write(`certify ${name}: ${r.status.toUpperCase()} — ${r.reason}\n`);
      return { passed: r.status === 'passed' ? 1 : 0, failed: r.status === 'failed' ? 1 : 0, skipped: r.status === 'skipped' ? 1 : 0 };
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

if (require.main === module) {
  Promise.resolve().then(() => runPhases(selectPhases(process.argv.slice(2), defaultPhases()), { write: (text) => process.stdout.write(text) })).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stdout.write(`npm test: ${(err as Error).message}\n0 passed, 1 failed\n`);
      process.exit(1);
    },
  );
}
