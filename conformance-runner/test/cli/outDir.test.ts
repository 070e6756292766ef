import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { parseCommandLine, UsageError } from '../../src/cli/args';
import { outDirProblem } from '../../src/cli/outDir';
import { tempDir } from '../tempDirs';

const dir = tempDir('fw-out-');
fs.symlinkSync(path.join(dir, 'nowhere'), path.join(dir, 'dangling'));
fs.symlinkSync(path.join(dir, 'loop-b'), path.join(dir, 'loop-a'));
fs.symlinkSync(path.join(dir, 'loop-a'), path.join(dir, 'loop-b'));
fs.mkdirSync(path.join(dir, 'real'));
fs.symlinkSync(path.join(dir, 'real'), path.join(dir, 'to-real'));

function refused(out: string, reason: RegExp): void {
  assert.throws(() => parseCommandLine(['--start', 'node adapter.js', '--out', out], dir), (err: unknown) => {
    assert.ok(err instanceof UsageError, `expected a UsageError, got ${String(err)}`);
    assert.match(err.message, reason);
    assert.ok(!err.message.includes('\n'), `one line: ${err.message}`);
    return true;
  });
}

describe('--out is checked before anything starts', () => {
  it('a dangling symbolic link', () => refused('dangling', /--out dangling: .*is a dangling symbolic link \(to .*nowhere\)/));
  it('below a dangling symbolic link', () => refused('dangling/reports', /is a dangling symbolic link/));
  it('a symbolic link loop', () => refused('loop-a', /is a symbolic link loop/));
  it('a path below a file (/dev/null/x)', () => refused('/dev/null/x', /\/dev\/null is not a directory/));
  it('a read-only place', { skip: fs.existsSync('/proc/self') ? false : 'no /proc' }, () => refused('/proc/self/reports', /not writable|not a directory|cannot/));
  it('accepts a folder to be made, a folder, and a link to a folder', () => {
    assert.equal(outDirProblem(path.join(dir, 'new', 'deeper')), undefined);
    assert.equal(outDirProblem(path.join(dir, 'real')), undefined);
    assert.equal(outDirProblem(path.join(dir, 'to-real')), undefined);
    assert.equal(parseCommandLine(['--start', 'node adapter.js', '--out', 'to-real/x'], dir).out, 'to-real/x');
  });
});
