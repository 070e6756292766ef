import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runInitCommand } from '../../src/init/command';
import { tempDir } from '../tempDirs';

function init(args: string[]): string {
  let said = '';
  const dir = tempDir('fw-init-next-');
  const code = runInitCommand([...args, dir], { cwd: dir, out: (t) => { said += t; }, err: (t) => { said += t; } });
  assert.equal(code, 0, said);
  return said.slice(said.indexOf('Next:'));
}

describe('init: what comes next', () => {
  it('the PHP skeleton without a framework names --example-framework, the toy one to try it on', () => {
    assert.match(init(['--lang', 'php']), /init --lang php --example-framework writes a toy one/);
  });

  it('with --example-framework, or for TypeScript, it does not', () => {
    assert.doesNotMatch(init(['--lang', 'php', '--example-framework']), /--example-framework/);
    assert.doesNotMatch(init(['--lang', 'ts']), /--example-framework/);
  });
});
