import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { TYPESCRIPT_LOADER } from '../../src/config/loader';

const OPEN = path.resolve(__dirname, '..', '..', 'src', 'run', 'control', 'open.ts');

describe("a run's opening", () => {
  // cli/main.ts loads run/control/open.ts, then starts the adapter: undici and ajv (about 0.2 s to load)
  // wait until the adapter is spawned, and load while it boots.
  it('loads no HTTP client and no schema validator before the adapter is spawned', () => {
    const script = `require(${JSON.stringify(OPEN)}); const loaded = Object.keys(require.cache).filter((f) => /[\\\\/]node_modules[\\\\/](undici|ajv)[\\\\/]/.test(f)); process.stdout.write(JSON.stringify(loaded));`;
    const run = spawnSync(process.execPath, ['-r', TYPESCRIPT_LOADER, '-e', script], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), []);
  });
});
