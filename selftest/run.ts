import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type { Fault } from './Fault';
import { FAULTS } from './faults/index';
import { adapterCommand, ROOT, scratchCopy, StalePatch } from './scratch';
import { GATE_CASES, HARMLESS, runGateCase, runHarmless, type GateResult, type RunFw } from './gate';

/**
 * `npm run selftest`: proves that every must and implied rule can fail, and fail alone. Each
 * fault of selftest/faults.ts is applied to a scratch copy of the reference (or injected by a
 * proxy), the whole suite runs against it, and the rules the report charges (its root causes) are
 * compared with the rule the fault is written against.
 *
 * Goals (exit 1 when one is missed): every fault caught; the fault's rules (its rule and `also`)
 * always among those charged; at most 3 must/implied rules charged by any fault beyond the ones it
 * breaks on purpose, and 1.3 per broken rule on average; every must and implied rule has a fault
 * (when the whole catalog runs). With the whole catalog (or --gate alone), selftest/gate.ts: gate
 * faults that must fail the gate, and harmless behaviours that must charge no counted rule.
 */
interface Result {
  fault: Fault;
  caught: boolean;
  charged: string[];
  targetCharged: boolean;
  error?: string;
  seconds: number;
}

const USAGE = `usage: npm run selftest -- [--fault ID]... [--rule RULE-OR-PREFIX]... [--parallel N] [--seed N] [--num-runs N] [--narrow] [--json FILE] [--keep]
  --fault      run only these faults
  --rule       run only the faults written against these rules (an id or a prefix such as "errors")
  --narrow     run each fault with --rule <its rule> (fast: only that rule's scenarios; checks "caught" only)
  --parallel   faults run at once (default 2)
  --seed, --num-runs   passed to fw-conformance (defaults 1 and 50: reproducible and quick)
  --json       write every result to FILE
  --gate       run only the gate faults and harmless behaviours (selftest/gate.ts); they also run
               with the whole catalog
  --keep       keep the scratch copies and reports`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        fault: { type: 'string', multiple: true }, rule: { type: 'string', multiple: true }, parallel: { type: 'string' },
        seed: { type: 'string' }, 'num-runs': { type: 'string' }, narrow: { type: 'boolean' }, json: { type: 'string' },
        keep: { type: 'boolean' }, gate: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    process.stderr.write(`selftest: ${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const catalog = JSON.parse(fs.readFileSync(path.join(ROOT, 'features', 'rules.json'), 'utf8')) as { rules: Array<{ id: string; level: string }> };
  const counted = catalog.rules.filter((r) => r.level !== 'reference').map((r) => r.id);
  const known = new Set(catalog.rules.map((r) => r.id));
  const problems = FAULTS.flatMap((f) => [f.rule, ...(f.also ?? [])].filter((r) => !known.has(r)).map((r) => `${f.id}: the rule ${r} is not in features/rules.json`));
  const ids = new Set<string>();
  for (const f of FAULTS) {
    if (ids.has(f.id)) problems.push(`${f.id}: repeated fault id`);
    ids.add(f.id);
  }
  if (problems.length > 0) {
    process.stderr.write(`selftest: the fault catalog is broken:\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
    return 2;
  }
  const matches = (rule: string, pattern: string) => rule === pattern || rule.startsWith(pattern.endsWith('.') ? pattern : `${pattern}.`);
  let faults = FAULTS;
  if (values.fault) {
    const unknown = values.fault.filter((id) => !ids.has(id));
    if (unknown.length > 0) {
      process.stderr.write(`selftest: unknown fault(s) ${unknown.join(', ')}\n`);
      return 2;
    }
    faults = faults.filter((f) => values.fault!.includes(f.id));
  }
  if (values.rule) faults = faults.filter((f) => values.rule!.some((p) => matches(f.rule, p)));
  if (values.gate) faults = [];
  const withGate = values.gate === true || (faults.length === FAULTS.length && !values.narrow);
  if (faults.length === 0 && !withGate) {
    process.stderr.write('selftest: no fault selected\n');
    return 2;
  }
  const parallel = Math.max(1, Number(values.parallel ?? 2));
  const seed = values.seed ?? '1';
  const numRuns = values['num-runs'] ?? '50';
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-selftest-'));
  const started = Date.now();
  process.stdout.write(`selftest: ${faults.length} fault(s), ${parallel} at a time, seed ${seed}, ${numRuns} runs per property${values.narrow ? ', narrowed to each fault\'s rule' : ''}\n`);

  const results = await pool(faults, parallel, (fault) => runFault(fault, parent, { seed, numRuns, narrow: values.narrow === true }), (r) => line(r));
  const gateResults = withGate ? await runGate(parent, { seed, numRuns }, parallel) : [];
  if (values.keep) process.stdout.write(`scratch copies and reports kept in ${parent}/<fault id>/ (reports/conformance.md)\n`);
  else fs.rmSync(parent, { recursive: true, force: true });

  const ordered = faults.map((f) => results.find((r) => r.fault === f)!);
  const caught = ordered.filter((r) => r.caught).length;
  const targeted = ordered.filter((r) => r.targetCharged).length;
  // A fault that breaks several rules on purpose is measured per rule it breaks.
  const sizes = ordered.filter((r) => r.caught).map((r) => r.charged.length / (1 + (r.fault.also?.length ?? 0)));
  const mean = sizes.length > 0 ? sizes.reduce((a, b) => a + b, 0) / sizes.length : 0;
  const max = sizes.length > 0 ? Math.max(...ordered.filter((r) => r.caught).map((r) => r.charged.length - (r.fault.also?.length ?? 0))) : 0;
  if (values.gate) {
    const missedGate = gateResults.filter((r) => !r.ok).map((r) => r.id);
    process.stdout.write(`\n${missedGate.length === 0 ? 'selftest: every goal met' : `selftest: goals missed: ${missedGate.join(', ')}`}\n`);
    if (!values.keep) fs.rmSync(parent, { recursive: true, force: true });
    return missedGate.length === 0 ? 0 : 1;
  }
  const covered = new Set(FAULTS.map((f) => f.rule));
  const withoutFault = counted.filter((r) => !covered.has(r));
  const whole = faults.length === FAULTS.length && !values.narrow;
  const summary = [
    '',
    `faults: ${ordered.length}, caught ${caught}, the fault's rule charged in ${targeted}`,
    `must/implied rules charged per fault: mean ${mean.toFixed(2)}, max ${max}` + (values.narrow ? ' (narrowed runs: not meaningful)' : ''),
    whole ? `must/implied rules with no fault: ${withoutFault.length} of ${counted.length}${withoutFault.length > 0 ? ` (${withoutFault.join(', ')})` : ''}`
      : `must/implied rules with no fault in the whole catalog: ${withoutFault.length} of ${counted.length}`,
    `time: ${((Date.now() - started) / 1000).toFixed(0)} s`,
  ];
  const missed: string[] = [];
  // A run that stopped early (a stale patch, an adapter that died) proves nothing about the rules it never reached.
  const errors = ordered.filter((r) => r.error !== undefined).length;
  if (errors > 0) missed.push(`every run complete (${errors} ended in an error)`);
  if (caught < ordered.length) missed.push('every fault caught');
  if (targeted < ordered.length) missed.push('the fault\'s rule always charged');
  if (!values.narrow && (max > 3 || mean > 1.3)) missed.push('at most 3 rules per fault, 1.3 on average');
  if (whole && withoutFault.length > 0) missed.push('every must/implied rule has a fault');
  const gateMissed = gateResults.filter((r) => !r.ok).map((r) => r.id);
  if (withGate) summary.splice(summary.length - 1, 0, `gate faults and harmless behaviours: ${gateResults.length - gateMissed.length} of ${gateResults.length} as required`);
  if (gateMissed.length > 0) missed.push(`the gate and harmless cases (${gateMissed.join(', ')})`);
  summary.push(missed.length === 0 ? 'selftest: every goal met' : `selftest: goals missed: ${missed.join('; ')}`);
  process.stdout.write(`${summary.join('\n')}\n`);
  if (values.json) {
    fs.writeFileSync(values.json, JSON.stringify({ seed, numRuns, results: ordered.map((r) => ({ ...r, fault: r.fault.id, rule: r.fault.rule })), mean, max, withoutFault }, null, 2));
  }
  return missed.length === 0 ? 0 : 1;
}

/** Gate faults and harmless behaviours (selftest/gate.ts), run through the proxy on the repository's reference. */
async function runGate(parent: string, o: { seed: string; numRuns: string }, parallel: number): Promise<GateResult[]> {
  let n = 0;
  const runFw: RunFw = async (args, proxy) => {
    const out = path.join(parent, `gate-${n++}`);
    const start = adapterCommand({ id: proxy, rule: '', description: '', proxy }, ROOT);
    const r = await run(process.execPath, [path.join(ROOT, 'conformance-runner', 'bin', 'fw-conformance.js'), '--start', start, '--out', out,
      '--quiet', '--skip-adapter-check', '--seed', o.seed, '--num-runs', o.numRuns, ...args]);
    const file = path.join(out, 'conformance.json');
    return { ...r, ...(fs.existsSync(file) ? { report: JSON.parse(fs.readFileSync(file, 'utf8')) as { rootCauses: Array<{ rule: string; level: string }> } } : {}) };
  };
  const jobs: Array<() => Promise<GateResult>> = [
    ...GATE_CASES.map((c) => () => runGateCase(c, path.join(parent, c.id), runFw)),
    ...HARMLESS.map((h) => () => runHarmless(h, runFw)),
  ];
  return pool(jobs, parallel, (job) => job(), (r) => `${r.ok ? 'HELD  ' : 'BROKEN'} ${r.id.padEnd(40)} ${r.detail}`);
}

/** Runs `work` over `items`, `parallel` at a time, printing a line per result as it comes. */
async function pool<T, R>(items: readonly T[], parallel: number, work: (item: T) => Promise<R>, say: (result: R) => string): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, async () => {
    while (next < items.length) {
      const result = await work(items[next++]!);
      results.push(result);
      process.stdout.write(`${say(result)}\n`);
    }
  }));
  return results;
}

function line(r: Result): string {
  const label = r.error ? 'ERROR ' : !r.caught ? 'MISSED' : r.targetCharged ? 'CAUGHT' : 'ASTRAY';
  const charged = r.charged.length > 0 ? r.charged.join(', ') : 'nothing';
  return `${label} ${r.fault.id.padEnd(40)} (${[r.fault.rule, ...(r.fault.also ?? [])].join(' + ')}) charged: ${charged} [${r.charged.length}] ${r.seconds.toFixed(1)} s${r.error ? ` — ${r.error}` : ''}`;
}

async function runFault(fault: Fault, parent: string, o: { seed: string; numRuns: string; narrow: boolean }): Promise<Result> {
  const t0 = Date.now();
  const done = (partial: Omit<Result, 'fault' | 'seconds'>): Result => ({ fault, seconds: (Date.now() - t0) / 1000, ...partial });
  let dir: string;
  try {
    dir = scratchCopy(fault, parent);
  } catch (err) {
    if (err instanceof StalePatch) return done({ caught: false, charged: [], targetCharged: false, error: err.message });
    throw err;
  }
  const out = path.join(dir, 'reports');
  const args = [path.join(ROOT, 'conformance-runner', 'bin', 'fw-conformance.js'), '--start', adapterCommand(fault, dir), '--out', out,
    '--quiet', '--skip-adapter-check', '--seed', o.seed, '--num-runs', o.numRuns, ...(o.narrow ? ['--rule', fault.rule] : [])];
  const { code, output } = await run(process.execPath, args);
  const file = path.join(out, 'conformance.json');
  if (!fs.existsSync(file)) return done({ caught: false, charged: [], targetCharged: false, error: `fw-conformance exited with ${code} and wrote no report: ${output.trim().split('\n').slice(-3).join(' | ')}` });
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as { complete: boolean; incompleteReason: string | null; rootCauses: Array<{ rule: string; level: string }> };
  const charged = report.rootCauses.filter((r) => r.level !== 'reference').map((r) => r.rule);
  const error = report.complete ? undefined : `incomplete run: ${(report.incompleteReason ?? '').split('\n')[0]}`;
  // Narrowed to its first rule, a run cannot show the others.
  const wanted = o.narrow ? [fault.rule] : [fault.rule, ...(fault.also ?? [])];
  return done({ caught: charged.length > 0, charged, targetCharged: wanted.every((r) => charged.includes(r)), ...(error ? { error } : {}) });
}

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => { output += d; });
    child.stderr.on('data', (d: Buffer) => { output += d; });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

if (require.main === module) {
  main().then((code) => process.exit(code), (err: unknown) => {
    process.stderr.write(`selftest: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  });
}
