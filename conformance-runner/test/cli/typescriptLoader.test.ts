import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { TYPESCRIPT_LOADER } from '../../src/config/loader';

// scripts/register.js: the TypeScript loader of every process of the repository (bin, adapters, tests).
const ROOT = path.resolve(__dirname, '..', '..', '..');
const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-ts-cache-'));
// Inside the repository (only its files are cached); .fw-tmp/ is ignored by git.
fs.mkdirSync(path.join(ROOT, '.fw-tmp'), { recursive: true });
const inside = fs.mkdtempSync(path.join(ROOT, '.fw-tmp', 'loader-'));
const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-ts-outside-'));

after(() => {
  for (const dir of [cache, inside, outside]) fs.rmSync(dir, { recursive: true, force: true });
  // .fw-tmp/ itself too, unless something else is in it: a test leaves nothing behind.
  try {
    fs.rmdirSync(path.join(ROOT, '.fw-tmp'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOTEMPTY' && (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
});

function run(file: string, env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['-r', TYPESCRIPT_LOADER, file], { env: { ...process.env, FW_TS_CACHE: cache, ...env }, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A TypeScript file of these lines in the repository's scratch folder; its path. */
function script(name: string, lines: string[]): string {
  const file = path.join(inside, name);
  fs.writeFileSync(file, [...lines, ''].join('\n'));
  return file;
}

function entries(): string[] {
  return (fs.readdirSync(cache, { recursive: true }) as string[]).filter((f) => f.endsWith('.js')).sort();
}

describe('scripts/register.js (ts-node with a cache of its output)', () => {
  const main = path.join(inside, 'main.ts');

  it('compiles a file once, then loads it from the cache', () => {
    fs.writeFileSync(main, 'const answer: number = 6 * 7;\nconsole.log(answer);\n');
    assert.deepEqual(run(main), { status: 0, stdout: '42\n', stderr: '' });
    const first = entries();
    assert.equal(first.length, 1);
    // A poisoned entry proves the second run reads the cache rather than compiling again.
    fs.writeFileSync(path.join(cache, first[0]!), 'console.log("from the cache");\n');
    assert.equal(run(main).stdout, 'from the cache\n');
  });

  it('compiles a changed file again', () => {
    fs.writeFileSync(main, 'const answer: number = 6 * 9;\nconsole.log(answer);\n');
    assert.equal(run(main).stdout, '54\n');
    assert.equal(entries().length, 2);
  });

  it('never caches a file outside the repository, nor anything with FW_TS_CACHE=off', () => {
    const before = entries();
    const elsewhere = path.join(outside, 'main.ts');
    fs.writeFileSync(elsewhere, 'const n: number = 1;\nconsole.log(n);\n');
    assert.equal(run(elsewhere).stdout, '1\n');
    const fresh = path.join(inside, 'off.ts');
    fs.writeFileSync(fresh, 'const n: number = 2;\nconsole.log(n);\n');
    assert.equal(run(fresh, { FW_TS_CACHE: 'off' }).stdout, '2\n');
    assert.deepEqual(entries(), before);
  });

  it('names TypeScript lines in stack traces, from the cache too', () => {
    const thrower = script('thrower.ts', [
      'import * as os from "node:os";',
      'interface Shape { sides: number }',
      'function fail(shape: Shape): never {',
      '  throw new Error(`no ${shape.sides} ${os.EOL.length}`);',
      '}',
      'fail({ sides: 3 });',
    ]);
    for (let i = 0; i < 2; i++) {
      const r = run(thrower);
      assert.notEqual(r.status, 0);
      assert.match(r.stderr, /thrower\.ts:4:9/, r.stderr);
    }
  });
});
