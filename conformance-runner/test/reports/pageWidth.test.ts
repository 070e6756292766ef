import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../tempDirs';

/*
 * conformance.html and cucumber.html at 1400 px in chromium: no sideways scroll. A run of the wide
 * fixture suite (a 1,300-character URI without a space, in failures counted and not) writes both;
 * each is opened with a script appended that puts the page's scroll width in its title, read from
 * chromium's --dump-dom. Skipped where chromium is not installed (apt-get install chromium).
 */

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'fw-conformance.js');
const FIXTURES = path.resolve(__dirname, '..', 'fixtures', 'runner');
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
const WIDTH = 1400;

/** The page's scrollWidth and clientWidth at WIDTH, as chromium lays it out (scripts of the page run first). */
function widths(file: string): { scroll: number; client: number } {
  const dir = tempDir('fw-width-');
  const page = path.join(dir, path.basename(file));
  fs.writeFileSync(page, fs.readFileSync(file, 'utf8') +
    '<script>setTimeout(() => { document.title = "fw-width " + document.documentElement.scrollWidth + " " + document.documentElement.clientWidth; }, 3000);</script>');
  const r = spawnSync(CHROMIUM!, ['--headless', '--no-sandbox', '--disable-gpu', `--user-data-dir=${path.join(dir, 'profile')}`, `--window-size=${WIDTH},900`,
    '--virtual-time-budget=10000', '--dump-dom', `file://${page}`], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, TMPDIR: dir, HOME: dir } });
  const m = /fw-width (\d+) (\d+)/.exec(r.stdout);
  assert.ok(m, `chromium laid out ${file}: ${r.stderr.slice(-2000)}`);
  return { scroll: Number(m[1]), client: Number(m[2]) };
}

describe('no sideways scroll at 1400 px', { skip: CHROMIUM === undefined ? 'chromium is not installed' : false, timeout: 300_000 }, () => {
  const out = tempDir('fw-wide-');
  it('runs the wide fixture suite', () => {
    const r = spawnSync(process.execPath, [BIN, '--start', `exec node ${path.join(FIXTURES, 'adapter.js')}`, '--out', out, '--skip-adapter-check', '--quiet'],
      { cwd: FIXTURES, encoding: 'utf8', timeout: 120_000, env: { ...process.env, FW_CONFORMANCE_SUITE_DIR: path.join(FIXTURES, 'wide') } });
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.ok(fs.readFileSync(path.join(out, 'conformance.html'), 'utf8').includes('segment119'), 'the long URI is on the page');
  });

  for (const page of ['conformance.html', 'cucumber.html']) {
    it(page, () => {
      const { scroll, client } = widths(path.join(out, page));
      assert.ok(client > 1300, `the page is ${client} px wide`);
      assert.equal(scroll, client, `${page} scrolls sideways: ${scroll} px of content in ${client} px`);
    });
  }
});
