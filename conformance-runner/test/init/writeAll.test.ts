import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
// The module itself (not a namespace copy), whose methods the code under test reads at each call.
import nodeFs from 'node:fs';
import * as path from 'node:path';
import { describe, it, mock } from 'node:test';
import { runInitCommand } from '../../src/init/command';
import { tempDir } from '../tempDirs';

/** `fw-conformance init`, in this process: its exit status and what it printed. */
function init(cwd: string, ...args: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runInitCommand(args, { cwd, out: (t) => { out += t; }, err: (t) => { err += t; } });
  return { code, out, err };
}

/** Every path under `dir`, relative to it. */
function tree(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).sort();
}

describe('fw-conformance init writes all or nothing (issue 38)', () => {
  it('a DIR that is a dangling symbolic link: exit 2, one line, nothing written', () => {
    const root = tempDir('fw-init-');
    fs.symlinkSync(path.join(root, 'nowhere'), path.join(root, 'dangling'));
    const r = init(root, '--lang', 'php', 'dangling');
    assert.equal(r.code, 2);
    assert.equal(r.err, `fw-conformance init: the skeleton cannot be written to dangling: ${path.join(root, 'dangling')}: a symbolic link to nothing (a dangling link); ` +
      'nothing was written (see fw-conformance init --help)\n');
    assert.deepEqual(tree(root), ['dangling']);
  });

  it('a dangling link where a folder of the skeleton goes: nothing of it is left, the stage neither', () => {
    const root = tempDir('fw-init-');
    fs.symlinkSync(path.join(root, 'nowhere'), path.join(root, 'vendor'));
    const r = init(root, '--lang', 'php', '--example-framework', '.');
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /: .*\/vendor: a symbolic link to nothing \(a dangling link\); nothing was written/);
    assert.deepEqual(tree(root), ['vendor'], 'adapter/, moved before vendor/ failed, is gone again');
  });

  it('a folder that refuses a file (a read-only folder, a full disk): nothing written', () => {
    const root = tempDir('fw-init-');
    // Root writes into read-only folders: the refusal is the file system's answer, made here.
    const copy = nodeFs.copyFileSync;
    const refused = mock.method(nodeFs, 'copyFileSync', (source: fs.PathLike, target: fs.PathLike, mode?: number) => {
      if (String(target).endsWith('catalog.php')) throw Object.assign(new Error('EACCES: permission denied, copyfile'), { code: 'EACCES' });
      copy(source, target, mode);
    });
    try {
      const r = init(root, '--lang', 'php', 'out');
      assert.equal(r.code, 2);
      assert.match(r.err, /out\/adapter\/catalog\.php: permission denied \(EACCES\); nothing was written/);
    } finally {
      refused.mock.restore();
    }
    assert.deepEqual(tree(root), []);
  });

  it('a move that fails half way undoes the moves before it', () => {
    const root = tempDir('fw-init-');
    fs.mkdirSync(path.join(root, 'out'));
    const rename = nodeFs.renameSync;
    const refused = mock.method(nodeFs, 'renameSync', (from: fs.PathLike, to: fs.PathLike) => {
      if (path.basename(String(to)) === 'vendor') throw Object.assign(new Error('EROFS: read-only file system, rename'), { code: 'EROFS' });
      rename(from, to);
    });
    try {
      const r = init(root, '--lang', 'php', '--example-framework', 'out');
      assert.equal(r.code, 2);
      assert.match(r.err, /out\/vendor: the file system is read-only \(EROFS\); nothing was written/);
    } finally {
      refused.mock.restore();
    }
    assert.deepEqual(tree(root), ['out']);
  });

  it('a real read-only folder, where the user is not root', { skip: process.getuid?.() === 0 ? 'root writes into read-only folders' : false }, () => {
    const root = tempDir('fw-init-');
    fs.chmodSync(root, 0o555);
    try {
      const r = init(root, '--lang', 'php', 'out');
      assert.equal(r.code, 2);
      assert.match(r.err, /permission denied \(EACCES\); nothing was written/);
    } finally {
      fs.chmodSync(root, 0o755);
    }
    assert.deepEqual(tree(root), []);
  });

  it('into a folder that exists, beside files of its own; the printed cd is quoted', () => {
    const root = tempDir('fw-init-');
    const dir = path.join(root, "my adapter's");
    fs.mkdirSync(path.join(dir, 'adapter'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'adapter', 'mine.txt'), 'kept');
    const r = init(root, '--lang', 'php', "my adapter's");
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^ {2}cd 'my adapter'\\''s'$/m);
    assert.deepEqual(tree(dir), ['adapter', 'adapter/build.php', 'adapter/catalog.php', 'adapter/exception.php', 'adapter/index.php', 'adapter/manifest.php', 'adapter/mine.txt', 'adapter/start.sh']);
    assert.equal(fs.statSync(path.join(dir, 'adapter', 'start.sh')).mode & 0o111, 0o111, 'start.sh stays executable');
    assert.deepEqual(fs.readdirSync(root), ["my adapter's"], 'no stage left');
  });
});
