import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';

// cucumber.js is the developer profile (`npx cucumber-js` against a running adapter): it must load
// the steps through the repository's TypeScript loader. A dry run needs no adapter.
const ROOT = path.resolve(__dirname, '..', '..', '..');

describe('the cucumber.js developer profile', () => {
  it('loads the steps: a dry run of one feature matches every step', () => {
    const cli = path.join(ROOT, 'node_modules', '@cucumber', 'cucumber', 'bin', 'cucumber.js');
    const run = spawnSync(process.execPath, [cli, '--dry-run', 'features/01-overview.feature'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr || run.stdout);
    assert.match(run.stdout, /^\d+ scenarios \(\d+ skipped\)$/m);
    assert.ok(!/undefined/.test(run.stdout), `every step is defined:\n${run.stdout}`);
  });
});
