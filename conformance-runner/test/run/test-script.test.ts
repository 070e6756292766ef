import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { certifyPhase, countsFromReport, defaultPhases, findTestFiles, formatCounts, parseTapSummary, quiet, ROOT, runDigest, runPhases, Sandbox, selectPhases, unitPhase, type Phase } from '../../../scripts/test';
import { adapterNames, loadDescriptor, missingRequirements } from '../../../scripts/certify';
import { sampleReport } from '../reports/sample';
import { tempDir } from '../tempDirs';

const SAMPLES = path.resolve(__dirname, '..', 'fixtures', 'runner', 'unit');

function capture(): { write: (t: string) => void; text: () => string } {
  let out = '';
  return { write: (t) => { out += t; }, text: () => out };
}

const phase = (name: string, result: { passed: number; failed: number; skipped: number } | Error): Phase => ({
  name,
  run: async () => {
    if (result instanceof Error) throw result;
    return result;
  },
});

describe('npm test orchestration (scripts/test.ts)', () => {
  it('sums every phase and ends with exactly one plain counts line', async () => {
    const io = capture();
    const code = await runPhases([phase('a', { passed: 3, failed: 0, skipped: 0 }), phase('b', { passed: 2, failed: 1, skipped: 4 })], io);
    assert.equal(code, 1);
    const lines = io.text().trimEnd().split('\n');
    assert.equal(lines.at(-1), '5 passed, 1 failed, 4 skipped');
    assert.match(io.text(), /=== a ===\na: 3 passed, 0 failed \(\d+\.\d s\)/);
  });

  it('exits 0 and omits skipped when there is nothing to skip', async () => {
    const io = capture();
    assert.equal(await runPhases([phase('a', { passed: 1, failed: 0, skipped: 0 })], io), 0);
    assert.equal(io.text().trimEnd().split('\n').at(-1), '1 passed, 0 failed');
  });

  it('a phase that cannot run fails loudly and the others still run', async () => {
    const io = capture();
    const code = await runPhases([phase('missing', new Error('reference/adapter/main.ts does not exist')), phase('b', { passed: 2, failed: 0, skipped: 0 })], io);
    assert.equal(code, 1);
    assert.match(io.text(), /missing FAILED: reference\/adapter\/main\.ts does not exist/);
    assert.equal(io.text().trimEnd().split('\n').at(-1), '2 passed, 1 failed');
  });

  it('says how long each phase and the whole run took, the counts line staying last', async () => {
    const io = capture();
    await runPhases([phase('a', { passed: 1, failed: 0, skipped: 0 }), phase('b', { passed: 1, failed: 0, skipped: 0 })], io);
    const lines = io.text().trimEnd().split('\n');
    assert.deepEqual(lines.slice(-4).map((l) => l.replace(/\d+\.\d s/, 'T')), ['a: 1 passed, 0 failed (T)', 'b: 1 passed, 0 failed (T)', 'total time: T', '2 passed, 0 failed']);
  });

  it('fails a phase that leaves temporary files in the sandbox, names them and removes them', async () => {
    const sandbox = new Sandbox(tempDir('fw-sandbox-test-'));
    const leaky: Phase = {
      name: 'leaky',
      run: async () => {
        fs.mkdirSync(path.join(sandbox.dir, 'fw-e2e-abc123'));
        fs.writeFileSync(path.join(sandbox.dir, 'fw-lumen-4242.log'), 'x');
        return { passed: 2, failed: 0, skipped: 0 };
      },
    };
    const io = capture();
    const code = await runPhases([leaky, phase('clean', { passed: 1, failed: 0, skipped: 0 })], io, { sandbox });
    assert.equal(code, 1);
    assert.match(io.text(), /leaky FAILED to clean up: it left 2 temporary file\(s\) in .*: fw-e2e-abc123, fw-lumen-4242\.log\n/);
    assert.match(io.text(), /^leaky: 2 passed, 1 failed \(/m);
    assert.match(io.text(), /^clean: 1 passed, 0 failed \(/m, 'the next phase starts clean');
    assert.deepEqual(sandbox.leftovers(), []);
    assert.equal(io.text().trimEnd().split('\n').at(-1), '3 passed, 1 failed');
  });

  it('a quiet phase prints its runs\' output only when it fails', () => {
    const ok = capture();
    quiet(ok, true, 'FAIL basic-fail (basic.fail): expected 404\nverdict: FAILS\n', '559 scenarios: as expected');
    assert.equal(ok.text(), '559 scenarios: as expected\n');
    const failed = capture();
    quiet(failed, false, 'FAIL basic-fail (basic.fail): expected 404\n', '559 scenarios: as expected');
    assert.equal(failed.text(), 'FAIL basic-fail (basic.fail): expected 404\n');
  });

  it('digests a run in one line without a FAIL word, whatever its verdict, failures split as the verdict counts them', () => {
    const report = sampleReport({ gate: { pass: true, reason: 'the results match the expectations file' }, timing: { ...sampleReport().timing, wallMs: 1500 } });
    const line = runDigest(report);
    // sampleReport: 3 passed; params-xss, params-adapter, params-slow counted; errors-body reference level; 2 unsupported or skipped.
    assert.equal(line, '9 scenarios: 3 passed, 3 counted failures, 1 informative (reference level or blocked), 2 unsupported or skipped; ' +
      'verdict fails (1/5 must + implied rules pass, 20%); gate passes: the results match the expectations file (1.5 s)');
    assert.ok(!line.includes('FAIL'));
  });

  it('reads the TAP summary of node --test', () => {
    assert.deepEqual(parseTapSummary('1..4\n# tests 4\n# suites 1\n# pass 2\n# fail 1\n# cancelled 1\n# skipped 1\n# todo 2\n'), { passed: 2, failed: 2, skipped: 3 });
    assert.equal(parseTapSummary('TAP version 13\nnot ok 1 - x\n'), undefined);
  });

  it('counts a conformance report: unsupported and skipped as skipped, every bad status as failed', () => {
    const statuses = ['passed', 'passed', 'failed', 'errored', 'timed-out', 'unsupported', 'skipped'];
    assert.deepEqual(countsFromReport({ scenarios: statuses.map((status) => ({ status })) }), { passed: 2, failed: 3, skipped: 2 });
  });

  it('runs the phases in order (one certification per adapter of adapters/), or the ones named', () => {
    assert.deepEqual(selectPhases([], defaultPhases()).map((p) => p.name),
      ['type check', 'unit tests', 'traceability', 'conformance (reference)', 'selftest (subset)', 'certify (adonis)', 'certify (laravel)', 'certify (lumen)']);
    assert.deepEqual(selectPhases(['conformance', 'unit'], defaultPhases()).map((p) => p.name), ['conformance (reference)', 'unit tests']);
    assert.throws(() => selectPhases(['lint'], defaultPhases()), /unknown phase "lint"; the phases are typecheck, unit, traceability, conformance, selftest, certify-adonis, certify-laravel, certify-lumen/);
  });

  it('formats counts', () => {
    assert.equal(formatCounts({ passed: 0, failed: 0, skipped: 0 }), '0 passed, 0 failed');
  });

  it('finds *.test.ts files and refuses a directory that has none', () => {
    const files = findTestFiles([path.resolve(__dirname, '..', 'expectations')]);
    assert.ok(files.length > 0 && files.every((f) => f.endsWith('.test.ts')));
    assert.throws(() => findTestFiles([SAMPLES]), /no \*\.test\.ts file under/);
    assert.throws(() => findTestFiles([path.join(SAMPLES, 'nope')]), /does not exist/);
  });

  it('runs real node --test files and counts their results', async () => {
    const io = capture();
    const counts = await unitPhase(() => [path.join(SAMPLES, 'passing.sample.ts'), path.join(SAMPLES, 'failing.sample.ts')]).run(io);
    assert.deepEqual(counts, { passed: 3, failed: 1, skipped: 2 });
    // Progress per file: a line as each one ends, the failure in full under its file.
    const lines = io.text().split('\n');
    const perFile = lines.filter((l) => /^\[\d\/2\] /.test(l));
    assert.equal(perFile.length, 2, io.text());
    assert.ok(perFile.some((l) => /^\[\d\/2\] ✔ .*passing\.sample\.ts: \d+ passed(, \d+ skipped)? \(\d+\.\d s\)$/.test(l)), io.text());
    assert.ok(perFile.some((l) => /^\[\d\/2\] ✖ .*failing\.sample\.ts: \d+ passed, 1 failed/.test(l)), io.text());
    assert.match(io.text(), /failing\.sample\.ts: .*\n {4}✖ /);
  });

  it('fails a phase that changes the folder npm test never touches (reports/), naming what changed', async () => {
    const dir = tempDir('fw-untouched-');
    fs.writeFileSync(path.join(dir, 'kept.json'), '{}');
    fs.writeFileSync(path.join(dir, 'old.json'), '{}');
    const writes: Phase = { name: 'writes', run: async () => {
      fs.writeFileSync(path.join(dir, 'new.json'), '{}');
      fs.rmSync(path.join(dir, 'old.json'));
      return { passed: 1, failed: 0, skipped: 0 };
    } };
    const io = capture();
    const code = await runPhases([phase('reads', { passed: 1, failed: 0, skipped: 0 }), writes], io, { untouched: dir });
    assert.equal(code, 1);
    assert.match(io.text(), /writes FAILED: it changed .*, which npm test never touches: new\.json \(added\), old\.json \(removed\)/);
    assert.equal(io.text().trimEnd().split('\n').at(-1), '2 passed, 1 failed');
  });

  it('a certification phase writes its reports outside reports/', { timeout: 300_000 }, async () => {
    const name = adapterNames().find((n) => missingRequirements(loadDescriptor(n)).length === 0 && n !== 'adonis');
    if (name === undefined) return;
    const reports = path.join(ROOT, 'reports', name);
    const before = fs.existsSync(path.join(reports, 'conformance.json')) ? fs.statSync(path.join(reports, 'conformance.json')).mtimeMs : null;
    const io = capture();
    const counts = await certifyPhase(name).run(io);
    assert.deepEqual(counts, { passed: 1, failed: 0, skipped: 0 }, io.text());
    const after = fs.existsSync(path.join(reports, 'conformance.json')) ? fs.statSync(path.join(reports, 'conformance.json')).mtimeMs : null;
    assert.equal(after, before, `reports/${name}/conformance.json is as it was`);
  });

  it('a test file that does not load counts as a failure', async () => {
    const io = capture();
    const counts = await unitPhase(() => [path.join(SAMPLES, 'passing.sample.ts'), path.join(SAMPLES, 'broken.sample.ts')]).run(io);
    assert.ok(counts.failed >= 1, JSON.stringify(counts));
    assert.equal(counts.passed, 2);
  });
});
