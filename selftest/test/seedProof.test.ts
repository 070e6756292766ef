import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { it } from 'node:test';
import { adapterCommand, ROOT } from '../scratch';

/**
 * The gate under several seeds (issue 34): a target that crashes on a path holding "~~" fails the
 * regex property only where the property meets such a path, which the random search does under some
 * seeds only (with 20 runs, seed 6 does not: checked when this test was written, by running it with
 * the stored cases taken out of the file). The expectations file stores the counterexample its
 * recording run found, and every later run replays it first: the gate passes under each seed.
 */
const SCENARIO = '@id:params-property-regex-constraints';

function runFw(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'conformance-runner', 'bin', 'fw-conformance.js'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => { output += d; });
    child.stderr.on('data', (d: Buffer) => { output += d; });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

it('expectations recorded under one seed hold the gate under three others', { timeout: 180_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-seed-proof-'));
  try {
    const start = adapterCommand({ id: 'tilde-crash', rule: 'params.constraint-regex', description: '', proxy: 'tilde-crash' }, ROOT);
    const file = path.join(dir, 'expectations.json');
    const base = ['--start', start, '--tags', SCENARIO, '--skip-adapter-check', '--quiet', '--num-runs', '20'];
    const recorded = await runFw([...base, '--seed', '1', '--out', path.join(dir, 'r1'), '--expectations', file, '--update-expectations']);
    assert.ok(fs.existsSync(file), `no expectations written (exit ${recorded.code}): ${recorded.output.slice(-400)}`);
    const expectations = JSON.parse(fs.readFileSync(file, 'utf8')) as { rules: Array<{ results: Array<{ scenario: string; signatures?: string[] }> }> };
    const listed = expectations.rules.flatMap((r) => r.results).filter((x) => `@id:${x.scenario}` === SCENARIO);
    assert.ok(listed.some((x) => x.signatures?.includes('server-error')), `the crash is recorded: ${JSON.stringify(expectations)}`);
    for (const seed of ['2', '3', '6']) {
      const out = path.join(dir, `r${seed}`);
      const run = await runFw([...base, '--seed', seed, '--out', out, '--expectations', file]);
      assert.equal(run.code, 0, `seed ${seed}: ${run.output.split('\n').filter((l) => /gate|unexpected|regression|changed/.test(l)).join(' | ')}`);
      // Found again by a replayed case, not by the search's luck.
      const report = JSON.parse(fs.readFileSync(path.join(out, 'conformance.json'), 'utf8')) as { scenarios: Array<{ property?: { failures?: Array<{ signature: string; origin: string }> } | null }> };
      const failures = report.scenarios.flatMap((s) => s.property?.failures ?? []);
      assert.ok(failures.some((f) => f.signature === 'server-error' && f.origin !== 'search'), `seed ${seed}: ${JSON.stringify(failures)}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
