import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { caseId } from '../conformance-runner/src/properties/corpus/caseId';
import { corpusFile, readCorpus, type CorpusEntry, type CorpusFile } from '../conformance-runner/src/properties/corpus/corpus';
import { PROPERTIES } from '../conformance-runner/src/properties';
import { FAULTS } from '../selftest/faults/index';
import { adapterCommand, scratchCopy } from '../selftest/scratch';
import { adapterNames, loadDescriptor, missingRequirements, tempBase } from './certify';

/**
 * `npm run corpus -- harvest <source>`: runs the properties against a target under many random
 * seeds and adds every distinct counterexample they find to the suite's corpus
 * (features/properties/corpus/<property>.json), which every later run replays first, whatever its
 * seed (docs/reports.md, "Seed-proof results").
 *
 * One case is kept per property, signature and source: the first one found. Entries are only ever
 * appended, so the order in which a run replays them (and so which case shows a signature first)
 * does not change for the targets certified before.
 */
export const ROOT = path.resolve(__dirname, '..');

const USAGE = `usage: npm run corpus -- harvest <source> [--seeds N | --seed S ...] [--num-runs R] [--parallel P] [--label L] [--dry-run] [-- <fw-conformance target options>]
       npm run corpus -- verify <source> [--seeds N | --seed S ...] [--expectations FILE] [--parallel P] [-- <fw-conformance target options>]
  harvest    run the properties under many seeds; add every new counterexample to the corpus
  verify     run the whole suite under --seed 1 and under many seeds: the verdict, the failing rules
             and the gate must be the same (without --expectations, seed 1's results are the expectations)
  source     reference | ${adapterNames().join(' | ')} | fault:<self-test fault id> | custom (give the target after --)
  --seeds    how many random 31-bit seeds (default 20)
  --seed     a given seed (repeatable), instead of random ones
  --num-runs fast-check runs per property (default 100, the runner's)
  --parallel runs at once (default 2)
  --label    how the source is named in the corpus (default: the implementation's name and version)
  --dry-run  print what would be added; write nothing
  --expectations  the expectations file the gate holds the runs to (verify; adapters: their own)`;

export class CorpusUsageError extends Error {}

interface Source {
  label?: string;
  args: string[];
  /** An adapter's committed expectations file. */
  expectations?: string;
  env?: Record<string, string>;
  cleanup?: () => void;
}

/** A property failure as conformance.json holds it. */
interface ReportedFailure {
  signature: string;
  origin?: string;
  caseId?: string;
  counterexample?: { input?: unknown };
}

interface Found {
  property: string;
  signature: string;
  input: unknown;
  label: string;
}

function sourceOf(name: string, rest: string[]): Source {
  if (name === 'reference') return { args: ['--reference', ...rest] };
  if (name === 'custom') {
    if (rest.length === 0) throw new CorpusUsageError('a custom source needs the target after --, e.g. -- --start \'php -S $HOST:$PORT adapter/index.php\'');
    return { args: rest };
  }
  if (name.startsWith('fault:')) {
    const fault = FAULTS.find((f) => f.id === name.slice('fault:'.length));
    if (fault === undefined) throw new CorpusUsageError(`no self-test fault "${name.slice('fault:'.length)}"`);
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-corpus-'));
    const dir = scratchCopy(fault, parent);
    return { label: `self-test fault ${fault.id}`, args: ['--start', adapterCommand(fault, dir), ...rest], cleanup: () => fs.rmSync(parent, { recursive: true, force: true }) };
  }
  if (!adapterNames().includes(name)) throw new CorpusUsageError(`unknown source "${name}"`);
  const d = loadDescriptor(name);
  const missing = missingRequirements(d);
  if (missing.length > 0) throw new CorpusUsageError(`${name} is not installed here: ${missing.join(', ')}`);
  return { args: ['--start', d.start, ...d.runner.filter((a, i, all) => a !== '--seed' && all[i - 1] !== '--seed'), ...rest], expectations: path.join('adapters', name, 'expectations.json') };
}

async function harvestOne(source: Source, seed: number, numRuns: string | undefined, parent: string): Promise<{ found: Found[]; problem?: string }> {
  const out = path.join(parent, `seed-${seed}`);
  const tmp = fs.mkdtempSync(path.join(tempBase(), 'fw-corpus-run-'));
  const args = [path.join(ROOT, 'conformance-runner', 'bin', 'fw-conformance.js'), ...source.args, '--tags', '@property',
    '--seed', String(seed), '--out', out, '--quiet', '--skip-adapter-check', ...(numRuns !== undefined ? ['--num-runs', numRuns] : [])];
  let output = '';
  try {
    await new Promise<void>((resolve) => {
      const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (d: Buffer) => { output += d; });
      child.stderr.on('data', (d: Buffer) => { output += d; });
      child.on('close', () => resolve());
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const file = path.join(out, 'conformance.json');
  if (!fs.existsSync(file)) return { found: [], problem: `seed ${seed}: no report (${output.trim().split('\n').slice(-2).join(' | ')})` };
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    implementation?: { name?: string; version?: string };
    scenarios: Array<{ property?: { property?: string; failures?: ReportedFailure[] } | null }>;
  };
  const label = `${source.label ?? `${report.implementation?.name ?? 'unknown'} ${report.implementation?.version ?? ''}`.trim()} (seed ${seed})`;
  const found: Found[] = [];
  for (const s of report.scenarios) {
    const p = s.property;
    if (!p?.property || !Array.isArray(p.failures)) continue;
    for (const f of p.failures) {
      if (f.origin !== 'search' || f.counterexample === undefined) continue;
      found.push({ property: p.property, signature: f.signature, input: f.counterexample.input, label });
    }
  }
  return { found };
}

/** Adds what was found to the corpus files; returns the entries added. */
export function mergeIntoCorpus(found: readonly Found[], dryRun: boolean, dir?: string): Array<{ property: string; entry: CorpusEntry }> {
  const added: Array<{ property: string; entry: CorpusEntry }> = [];
  const files = new Map<string, CorpusFile>();
  const where = (property: string) => (dir !== undefined ? path.join(dir, `${property}.json`) : corpusFile(property));
  for (const f of found) {
    if (!PROPERTIES.has(f.property)) continue;
    let corpus = files.get(f.property);
    if (corpus === undefined) {
      corpus = readCorpus(where(f.property), f.property);
      files.set(f.property, corpus);
    }
    const id = caseId(f.input);
    const source = f.label.replace(/ \(seed -?\d+\)$/, '');
    const same = corpus.cases.find((c) => c.id === id);
    if (same !== undefined) continue;
    // One case per signature and source: more of the same fault would only lengthen every run.
    if (corpus.cases.some((c) => c.signature === f.signature && c.found.some((l) => l.replace(/ \(seed -?\d+\)$/, '') === source))) continue;
    const entry: CorpusEntry = { id, signature: f.signature, found: [f.label], input: f.input };
    corpus.cases.push(entry);
    added.push({ property: f.property, entry });
  }
  if (!dryRun) {
    for (const [property, corpus] of files) {
      fs.mkdirSync(path.dirname(where(property)), { recursive: true });
      fs.writeFileSync(where(property), `${JSON.stringify(corpus, null, 2)}\n`);
    }
  }
  return added;
}


/** What a run says, compared across seeds. */
export interface RunSummary {
  seed: number;
  exit: number;
  verdict: string;
  failing: string[];
  gate: string;
  /** What the gate saw differ, or why the run is incomplete (a few lines). */
  why: string[];
}

async function runWhole(source: Source, seed: number, out: string, extra: string[]): Promise<RunSummary> {
  const tmp = fs.mkdtempSync(path.join(tempBase(), 'fw-corpus-run-'));
  const args = [path.join(ROOT, 'conformance-runner', 'bin', 'fw-conformance.js'), ...source.args,
    '--seed', String(seed), '--out', out, '--quiet', '--skip-adapter-check', ...extra];
  let exit = 1;
  try {
    exit = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'ignore', 'ignore'] });
      child.on('close', (c) => resolve(c ?? 1));
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const file = path.join(out, 'conformance.json');
  if (!fs.existsSync(file)) return { seed, exit, verdict: 'no report', failing: [], gate: 'none', why: [] };
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    verdict: string; gate?: { pass?: boolean } | null; complete?: boolean; incompleteReason?: string | null;
    rules: Array<{ id: string; level: string; status: string }>;
    expectations?: { mismatches?: Array<{ id: string; kind: string; detail: string }> } | null;
    scenarios: Array<{ id: string; status: string; message?: string | null }>;
  };
  const why = [
    ...(report.complete === false ? [`incomplete: ${report.incompleteReason ?? ''}`] : []),
    ...(report.expectations?.mismatches ?? []).slice(0, 3).map((m) => `${m.kind} ${m.id}: ${m.detail}`),
    ...report.scenarios.filter((x) => x.status === 'timed-out' || x.status === 'errored').slice(0, 3).map((x) => `${x.status} ${x.id}: ${(x.message ?? '').split('\n')[0]}`),
  ];
  const failing = report.rules.filter((r) => r.level !== 'reference' && !['passed', 'unsupported', 'partly-tested', 'skipped'].includes(r.status)).map((r) => `${r.id}=${r.status}`).sort();
  return { seed, exit, verdict: report.verdict, failing, gate: report.gate?.pass === true ? 'pass' : report.gate?.pass === false ? 'FAIL' : 'none', why };
}

/** The whole suite under seed 1 and under `seeds`: how many runs say what seed 1 says. */
async function verify(source: Source, seeds: number[], expectationsFile: string | undefined, parallel: number): Promise<number> {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-corpus-verify-'));
  try {
    let expectations = expectationsFile ?? source.expectations;
    if (expectations === undefined) {
      // Seed 1's results are what every other seed is held to.
      expectations = path.join(parent, 'expectations.json');
      await runWhole(source, 1, path.join(parent, 'seed-1-update'), ['--expectations', expectations, '--update-expectations']);
    }
    const gateArgs = ['--expectations', path.resolve(ROOT, expectations)];
    const base = await runWhole(source, 1, path.join(parent, 'seed-1'), gateArgs);
    process.stdout.write(`seed 1: exit ${base.exit}, ${base.verdict}, gate ${base.gate}, failing ${base.failing.join(' ') || 'none'}\n`);
    const results: RunSummary[] = [];
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(parallel, seeds.length) }, async () => {
      while (next < seeds.length) {
        const seed = seeds[next++]!;
        const r = await runWhole(source, seed, path.join(parent, `seed-${seed}`), gateArgs);
        results.push(r);
        const same = r.verdict === base.verdict && r.gate === base.gate && r.exit === base.exit && r.failing.join() === base.failing.join();
        const added = r.failing.filter((x) => !base.failing.includes(x));
        const gone = base.failing.filter((x) => !r.failing.includes(x));
        process.stdout.write(`seed ${seed}: ${same ? 'same' : 'DIFFERENT'} — exit ${r.exit}, ${r.verdict}, gate ${r.gate}${added.length + gone.length > 0 ? `; +${added.join(' +')} -${gone.join(' -')}` : ''}\n`);
        if (!same) for (const line of r.why) process.stdout.write(`    ${line}\n`);
      }
    }));
    const same = results.filter((r) => r.verdict === base.verdict && r.gate === base.gate && r.exit === base.exit && r.failing.join() === base.failing.join()).length;
    const gatePasses = results.filter((r) => r.exit === 0).length;
    process.stdout.write(`verify: ${same} of ${results.length} seed(s) give seed 1's verdict, failing rules and gate; the gate passes in ${gatePasses + (base.exit === 0 ? 1 : 0)} of ${results.length + 1} runs\n`);
    return same === results.length && base.exit === 0 ? 0 : 1;
  } finally {
    fs.rmSync(parent, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const rest = dash === -1 ? [] : argv.slice(dash + 1);
  let parsed;
  try {
    parsed = parseArgs({
      args: own, allowPositionals: true,
      options: {
        seeds: { type: 'string' }, seed: { type: 'string', multiple: true }, 'num-runs': { type: 'string' }, parallel: { type: 'string' },
        label: { type: 'string' }, 'dry-run': { type: 'boolean' }, expectations: { type: 'string' }, help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    process.stderr.write(`corpus: ${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const command = positionals[0];
  if ((command !== 'harvest' && command !== 'verify') || positionals.length !== 2) {
    process.stderr.write(`corpus: ${command === 'harvest' || command === 'verify' ? 'name one source' : 'the command is "harvest" or "verify"'}\n${USAGE}\n`);
    return 2;
  }
  const count = values.seeds !== undefined ? Number(values.seeds) : 20;
  if (!Number.isInteger(count) || count < 1) {
    process.stderr.write(`corpus: --seeds takes a positive integer; got ${JSON.stringify(values.seeds)}\n`);
    return 2;
  }
  const seeds = values.seed !== undefined ? values.seed.map(Number) : Array.from({ length: count }, () => randomInt(0, 2 ** 31 - 1));
  if (seeds.some((s) => !Number.isInteger(s))) {
    process.stderr.write('corpus: --seed takes integers\n');
    return 2;
  }
  let source: Source;
  try {
    source = sourceOf(positionals[1]!, rest);
  } catch (err) {
    if (!(err instanceof CorpusUsageError)) throw err;
    process.stderr.write(`corpus: ${err.message}\n${USAGE}\n`);
    return 2;
  }
  if (values.label !== undefined) source.label = values.label;
  if (command === 'verify') {
    try {
      return await verify(source, seeds, values.expectations, Math.max(1, Number(values.parallel ?? 2)));
    } finally {
      source.cleanup?.();
    }
  }
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-corpus-reports-'));
  const parallel = Math.max(1, Number(values.parallel ?? 2));
  const found: Found[] = [];
  const problems: string[] = [];
  try {
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(parallel, seeds.length) }, async () => {
      while (next < seeds.length) {
        const seed = seeds[next++]!;
        const r = await harvestOne(source, seed, values['num-runs'], parent);
        found.push(...r.found);
        if (r.problem !== undefined) problems.push(r.problem);
        process.stdout.write(`seed ${seed}: ${r.found.length} failure(s) found by the search${r.problem !== undefined ? ` — ${r.problem}` : ''}\n`);
      }
    }));
  } finally {
    fs.rmSync(parent, { recursive: true, force: true });
    source.cleanup?.();
  }
  const added = mergeIntoCorpus(found, values['dry-run'] === true);
  for (const a of added) process.stdout.write(`${values['dry-run'] ? 'would add' : 'added'} ${a.property} ${a.entry.id} ${a.entry.signature} (${a.entry.found[0]})\n`);
  process.stdout.write(`corpus: ${seeds.length} seed(s), ${found.length} search failure(s), ${added.length} new case(s)${problems.length > 0 ? `, ${problems.length} run(s) without a report` : ''}\n`);
  return problems.length > 0 ? 1 : 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (err: unknown) => {
    process.stderr.write(`corpus: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  });
}
