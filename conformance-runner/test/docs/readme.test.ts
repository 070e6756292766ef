import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const REPO = path.resolve(__dirname, '..', '..', '..');
const README = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');

describe('README.md', () => {
  it('its first commands install once, then run', () => {
    const first = /```sh\n([\s\S]*?)```/.exec(README)![1]!;
    const commands = first.split('\n').map((l) => l.replace(/#.*/, '').trim()).filter((l) => l !== '');
    assert.equal(commands.join(' && ').match(/\bnpm ci\b/g)?.length, 1, first);
    assert.equal(commands[0], 'npm ci');
    assert.ok(commands.includes('npm run conformance') && commands.includes('npm test'), first);
  });
});
