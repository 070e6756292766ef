import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { reportJson } from '../../src/cli/main';
import { allViolations } from '../../src/protocol/schemas';
import { tempDir } from '../tempDirs';

/*
 * `--out -`: conformance.json on stdout, alone, for a pipe (`fw-conformance --out - | jq .verdict`);
 * the console's lines on stderr; no file, and no folder named "-".
 */

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'fw-conformance.js');
const FIXTURES = path.resolve(__dirname, '..', 'fixtures', 'runner');
const ADAPTER = `exec node ${path.join(FIXTURES, 'adapter.js')}`;

function run(args: string[], cwd: string) {
  return spawnSync(process.execPath, [BIN, ...args], {
    cwd, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, FW_CONFORMANCE_SUITE_DIR: path.join(FIXTURES, 'suite') },
  });
}

describe('--out -', () => {
  it('writes conformance.json to stdout and nothing else; the console goes to stderr; no file is written', () => {
    const cwd = tempDir('fw-stdout-');
    const r = run(['--start', ADAPTER, '--out', '-', '--seed', '7', '--num-runs', '3', '--request-timeout', '300'], cwd);
    assert.equal(r.status, 1, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(allViolations('report', report), [], 'stdout validates as conformance.json');
    assert.equal(report.verdict, 'fails');
    assert.equal(report.seed, 7);
    assert.match(r.stderr, /^verdict: FAILS — /m);
    assert.match(r.stderr, /^FAIL basic-fail \(basic\.fail\)/m);
    assert.doesNotMatch(r.stderr, /^reports: /m, 'no reports folder is named');
    assert.deepEqual(fs.readdirSync(cwd), [], 'nothing is written where the command ran');
  });

  it('a usage error still says so on stderr, with an empty stdout', () => {
    const cwd = tempDir('fw-stdout-');
    const r = run(['--start', ADAPTER, '--out', '-', '--coverage'], cwd);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /--coverage writes its report into the --out folder/);
  });

  it('escapes the C1 control characters JSON leaves as they are, keeping the value', () => {
    const value = { name: 'a\u009b31mred\u001b[0m' };
    const text = reportJson(value);
    assert.doesNotMatch(text, /[\u0000-\u0009\u000b-\u001f\u0080-\u009f]/);
    assert.deepEqual(JSON.parse(text), value);
  });
});
