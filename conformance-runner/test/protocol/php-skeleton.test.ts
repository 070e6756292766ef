import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkAdapter, formatCheckReport } from '../../src/check-adapter';
import { openTarget, stopAllTargets } from '../../src/target';
import { BAD_MANIFESTS } from './badManifests';
import { fencedBlocks, fileMarker } from './markdown';

const REPO = path.resolve(__dirname, '..', '..', '..');
const GUIDE = path.join(REPO, 'docs', 'writing-an-adapter.md');
const TOY_FRAMEWORK = path.join(REPO, 'conformance-runner', 'test', 'fixtures', 'adapters', 'php', 'vendor');
const SHARED_MANIFEST = path.join(REPO, 'adapters', 'shared', 'manifest.php');
const FILES = ['adapter/index.php', 'adapter/build.php', 'adapter/catalog.php', 'adapter/manifest.php'];

after(() => stopAllTargets());

/** The PHP files of the guide, by the `<!-- file: ... -->` line above each block. */
function skeleton(): Map<string, string> {
  const files = new Map<string, string>();
  for (const block of fencedBlocks(GUIDE)) {
    const file = fileMarker(block.before);
    if (file !== undefined) files.set(file, `${block.code}\n`);
  }
  return files;
}

const php = spawnSync('php', ['--version'], { encoding: 'utf8' });
const phpMissing = php.error !== undefined || php.status !== 0 ? 'php is not installed (the guide\'s PHP skeleton is checked where it is)' : false;

describe('the PHP skeleton of docs/writing-an-adapter.md', { timeout: 60_000 }, () => {
  it('contains the four files it describes', () => {
    assert.deepEqual([...skeleton().keys()].sort(), [...FILES].sort());
  });

  it('has adapters/shared/manifest.php, the PHP adapters\' validator, as its adapter/manifest.php', () => {
    // One validator: the guide's is the one Lumen and Laravel are certified with.
    assert.equal(skeleton().get('adapter/manifest.php'), fs.readFileSync(SHARED_MANIFEST, 'utf8'));
  });

  it('passes --check-adapter under php -S on a toy Fw framework', { skip: phpMissing }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-php-skeleton-'));
    try {
      fs.mkdirSync(path.join(dir, 'adapter'));
      for (const [file, code] of skeleton()) fs.writeFileSync(path.join(dir, file), code);
      fs.symlinkSync(TOY_FRAMEWORK, path.join(dir, 'vendor'));
      // TMPDIR: the skeleton stores manifests under sys_get_temp_dir(); keep them in `dir`.
      const target = await openTarget({ start: 'php -S 127.0.0.1:$PORT adapter/index.php', cwd: dir, env: { TMPDIR: dir }, startTimeoutMs: 20_000 });
      try {
        assert.deepEqual(target.info.implementation, { name: 'my-framework', version: '1.0.0', language: 'PHP' });
        const report = await checkAdapter(target);
        assert.deepEqual(report.checks.filter((c) => c.status !== 'pass').map((c) => c.id), [], formatCheckReport(report));
        // The guide claims its hand-written validator agrees with the schema on this list.
        const disagreements: string[] = [];
        for (const [what, body, pointer] of BAD_MANIFESTS) {
          const res = await fetch(`${target.address.url}/__fw/apps`, {
            method: 'POST', body: JSON.stringify(body),
            headers: { authorization: `Bearer ${target.address.token}`, 'content-type': 'application/json' },
          });
          const answer = await res.text();
          const got = res.status === 400 ? (JSON.parse(answer) as { error: { pointer?: string } }).error.pointer : undefined;
          if (got !== pointer) disagreements.push(`${what}: expected 400 at "${pointer}", got ${res.status} ${answer}`);
        }
        assert.deepEqual(disagreements, []);
      } finally {
        await target.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
