import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { TYPESCRIPT_LOADER } from '../../src/config/loader';
import { Coverage, hasRuntimeCode, ranges, uncoveredMarkdown } from '../../src/run/coverage/coverage';
import { tempDir } from '../tempDirs';

const ROOT = path.resolve(__dirname, '..', 'fixtures', 'runner', 'coverage');

describe('coverage of a started target', () => {
  it('maps V8 coverage of code compiled by scripts/register.js (ts-node, cached) back to the TypeScript lines', async () => {
    const coverage = new Coverage();
    // The first run fills a fresh cache; the measured run loads every file from it.
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cov-cache-'));
    try {
      const fill = spawnSync(process.execPath, ['-r', TYPESCRIPT_LOADER, 'src/main.ts'], { cwd: ROOT, env: { ...process.env, FW_TS_CACHE: cache }, encoding: 'utf8' });
      assert.equal(fill.status, 0, fill.stderr);
      assert.ok(fs.readdirSync(cache).length > 0, 'the first run filled the cache');
      const run = spawnSync(process.execPath, ['-r', TYPESCRIPT_LOADER, 'src/main.ts'], { cwd: ROOT, env: { ...process.env, FW_TS_CACHE: cache, ...coverage.env() }, encoding: 'utf8' });
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout, '9\n');
      const out = tempDir('fw-cov-');
      const report = await coverage.report(out, ROOT, ['src'], []);
      assert.equal(report.dir, path.join(out, 'coverage'));
      assert.ok(fs.existsSync(path.join(report.dir, 'index.html')));
      assert.match(report.summary, /Lines\s+: [\d.]+% \( \d+\/\d+ \)/);
      const md = fs.readFileSync(report.uncovered, 'utf8');
      // Lines 7-9 of lib.ts are the untaken branch up to the closing brace; a mapping to the
      // compiled JS (no import line, "use strict" and exports boilerplate) would name others.
      assert.match(md, /^- `src\/lib\.ts` — 6\/9 lines; not reached: 7-9$/m);
      assert.match(md, /## Files the target never loaded\n\n- `src\/unused\.ts`\n/);
      assert.ok(!md.includes('src/types.ts'), 'a types-only file is neither measured nor listed');
      assert.ok(!md.includes('src/main.ts`'), 'main.ts ran entirely');
    } finally {
      coverage.dispose();
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });

  it('says so when the target wrote no coverage (it was killed)', async () => {
    const coverage = new Coverage();
    try {
      await assert.rejects(coverage.report(tempDir('fw-cov-'), ROOT, ['src'], []), /wrote no V8 coverage .* must exit normally/);
    } finally {
      coverage.dispose();
    }
  });

  it('tells types-only files from files with code', () => {
    assert.equal(hasRuntimeCode(path.join(ROOT, 'src', 'types.ts')), false);
    assert.equal(hasRuntimeCode(path.join(ROOT, 'src', 'unused.ts')), true);
  });

  it('collapses line runs and lists files from lcov', () => {
    assert.equal(ranges([9, 3, 4, 5, 11, 12]), '3-5, 9, 11-12');
    const md = uncoveredMarkdown(`SF:${ROOT}/src/a.ts\nDA:1,1\nDA:2,0\nDA:3,0\nend_of_record\nSF:${ROOT}/src/b.ts\nDA:1,4\nend_of_record\n`, ROOT);
    assert.match(md, /3 of 4 lines reached|2 of 4 lines reached/);
    assert.match(md, /- `src\/a\.ts` — 1\/3 lines; not reached: 2-3/);
    assert.ok(!md.includes('src/b.ts'));
  });
});
