import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { runMatrixCommand } from '../../src/matrix/command';
import { implementation, sliceReport, writeTemp, XSS } from './build';

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'fw-conformance.js');

function run(argv: string[], cwd: string): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runMatrixCommand(argv, { cwd, out: (t) => { out += t; }, err: (t) => { err += t; } });
  return { code, out, err };
}

describe('fw-conformance matrix', () => {
  it('writes matrix.html, matrix.md and spec.html (the annotated spec) into --out, and nothing else', () => {
    const dir = writeTemp({ 'a.json': sliceReport(), 'b.json': implementation(sliceReport(), 'Lumen', '8.3.4'), 'c.json': implementation(sliceReport(), XSS, '1') });
    const r = run(['a.json', 'b.json', 'c.json', '--out', 'out', '--title', 'Nightly'], dir);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, 'matrix: 3 implementations, 10 rules: wrote out/matrix.html, out/matrix.md and out/spec.html\n');
    assert.deepEqual(fs.readdirSync(path.join(dir, 'out')).sort(), ['matrix.html', 'matrix.md', 'spec.html']);
    assert.match(fs.readFileSync(path.join(dir, 'out', 'matrix.html'), 'utf8'), /<title>Nightly<\/title>/);
    assert.match(fs.readFileSync(path.join(dir, 'out', 'matrix.md'), 'utf8'), /^# Nightly\n/);
  });

  it('writes into the current directory by default and prints the notes', () => {
    const other = implementation(sliceReport(), 'other', '2');
    other.suite.version = '0.2.0';
    const dir = writeTemp({ 'a.json': sliceReport(), 'b.json': other });
    const r = run(['a.json', 'b.json'], dir);
    assert.equal(r.code, 0, r.err);
    assert.ok(fs.existsSync(path.join(dir, 'matrix.html')) && fs.existsSync(path.join(dir, 'matrix.md')));
    assert.match(r.err, /^note: These reports come from different suite versions: 0\.1\.0 \(a\.json\); 0\.2\.0 \(b\.json\)/);
  });

  it('bad input: exit 2 with one clear line, no stack trace, nothing written', () => {
    const dir = writeTemp({ 'a.json': sliceReport(), 'a2.json': sliceReport(), 'notes.txt': 'hello', 'file': 'x' });
    // JSON.parse's own wording differs between Node versions: that case is a pattern.
    const cases: Array<[string[], string | RegExp]> = [
      [[], 'fw-conformance matrix: no report given: fw-conformance matrix REPORT.json... (one conformance.json per implementation) (see fw-conformance matrix --help)\n'],
      [['missing.json'], 'fw-conformance matrix: missing.json: no such file\n'],
      [['a.json', 'notes.txt'], /^fw-conformance matrix: notes\.txt: is not JSON \(.+\); expected a conformance\.json written by fw-conformance\n$/],
      [['a.json', 'a2.json'], 'fw-conformance matrix: a.json and a2.json are both reports of laravel 8.83.26: a matrix has one column per implementation and version (give one of them)\n'],
      [['a.json', '--out', 'file'], 'fw-conformance matrix: --out file exists and is not a directory (see fw-conformance matrix --help)\n'],
      [['a.json', '--out', ''], 'fw-conformance matrix: --out needs a non-empty value (see fw-conformance matrix --help)\n'],
      [['a.json', '--bogus'], 'fw-conformance matrix: unknown option --bogus (see fw-conformance matrix --help)\n'],
      [['a.json', '--title'], 'fw-conformance matrix: --title needs a value (see fw-conformance matrix --help)\n'],
    ];
    for (const [argv, message] of cases) {
      const r = run(argv, dir);
      assert.equal(r.code, 2, argv.join(' '));
      if (typeof message === 'string') assert.equal(r.err, message);
      else assert.match(r.err, message);
      assert.equal(r.out, '');
    }
    assert.ok(!fs.existsSync(path.join(dir, 'matrix.html')));
  });

  it('--help', () => {
    const r = run(['--help'], '/');
    assert.equal(r.code, 0);
    assert.match(r.out, /^fw-conformance matrix — /);
  });

  it('is a subcommand of the fw-conformance command', () => {
    const dir = writeTemp({ 'a.json': sliceReport() });
    const ok = spawnSync(process.execPath, [BIN, 'matrix', 'a.json', '--out', 'm'], { cwd: dir, encoding: 'utf8' });
    assert.equal(ok.status, 0, ok.stderr);
    assert.ok(fs.existsSync(path.join(dir, 'm', 'matrix.html')));
    const bad = spawnSync(process.execPath, [BIN, 'matrix'], { cwd: dir, encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^fw-conformance matrix: no report given/);
    const help = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
    assert.match(help.stdout, /fw-conformance matrix REPORT\.json\.\.\. \[--out DIR\] \[--title TEXT\]/);
    assert.match(help.stdout, /fw-conformance diff OLD\.json NEW\.json \[--format text\|markdown\]/);
  });
});
