import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkAdapter, formatCheckReport } from '../../src/check-adapter';
import { runInitCommand } from '../../src/init/command';
import { openTarget, stopAllTargets } from '../../src/target';
import { fillCatalog } from '../fixtures/fillCatalog';
import { BAD_MANIFESTS } from './badManifests';
import { fencedBlocks, fileMarker } from './markdown';

const REPO = path.resolve(__dirname, '..', '..', '..');
const GUIDE = path.join(REPO, 'docs', 'writing-an-adapter.md');
const TEMPLATE = path.join(REPO, 'conformance-runner', 'templates', 'php', 'skeleton');
const PORTED = path.join(REPO, 'conformance-runner', 'test', 'fixtures', 'php', 'catalog-routing.php');
const SHARED_MANIFEST = path.join(REPO, 'adapters', 'shared', 'manifest.php');
/** The files the guide shows whole: the templates `init --lang php` copies. */
const SHOWN = ['adapter/index.php', 'adapter/build.php', 'adapter/manifest.php'];

after(() => stopAllTargets());

/** The PHP files of the guide, by the `<!-- file: ... -->` line above each block. */
function guideFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const block of fencedBlocks(GUIDE)) {
    const file = fileMarker(block.before);
    if (file !== undefined) files.set(file, `${block.code}\n`);
  }
  return files;
}

const php = spawnSync('php', ['--version'], { encoding: 'utf8' });
const phpMissing = php.error !== undefined || php.status !== 0 ? 'php is not installed (the PHP skeleton is checked where it is)' : false;

describe('the PHP skeleton of fw-conformance init and docs/writing-an-adapter.md', { timeout: 60_000 }, () => {
  it('the guide shows the templates init writes, as they are', () => {
    const shown = guideFiles();
    assert.deepEqual([...shown.keys()].sort(), [...SHOWN].sort());
    for (const file of SHOWN) assert.equal(shown.get(file), fs.readFileSync(path.join(TEMPLATE, file), 'utf8'), file);
  });

  it('is the validator of the PHP adapters: adapters/shared/manifest.php loads the skeleton\'s adapter/manifest.php', () => {
    // One validator: the skeleton's is the one Lumen and Laravel are certified with.
    assert.match(fs.readFileSync(SHARED_MANIFEST, 'utf8'), /^require __DIR__ \. '\/\.\.\/\.\.\/conformance-runner\/templates\/php\/skeleton\/adapter\/manifest\.php';$/m);
  });

  it('under php -S on the toy framework: the stubs fail --check-adapter by name; filled, it passes', { skip: phpMissing }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-php-skeleton-'));
    try {
      const said: string[] = [];
      const io = { cwd: dir, out: (t: string) => void said.push(t), err: (t: string) => void said.push(t) };
      assert.equal(runInitCommand(['--lang', 'php', '--example-framework', '.'], io), 0, said.join(''));
      // TMPDIR: the skeleton stores manifests under sys_get_temp_dir(); keep them in `dir`.
      const open = () => openTarget({ start: 'exec php -S 127.0.0.1:$PORT adapter/index.php', cwd: dir, env: { TMPDIR: dir }, startTimeoutMs: 20_000 });
      let target = await open();
      try {
        assert.deepEqual(target.info.implementation, { name: 'my-framework', version: '1.0.0', language: 'PHP' });
        const report = await checkAdapter(target);
        const failed = report.checks.filter((c) => c.status === 'fail');
        assert.deepEqual(failed.map((c) => c.id), ['echo', 'catalog.routing', 'catalog.middleware', 'catalog.resources', 'catalog.injection', 'catalog.form-requests', 'catalog.models',
          'catalog.views', 'catalog.base-controller', 'catalog.factory-content', 'catalog.factory-redirects', 'catalog.factory-api'], formatCheckReport(report));
        assert.match(failed.find((c) => c.id === 'catalog.injection')!.messages.join('\n'), /not ported yet \(10 of 10\): EchoController@int, EchoController@float, .*InjectedController@show/);
      } finally {
        await target.stop();
      }
      const catalog = path.join(dir, 'adapter', 'catalog.php');
      fs.writeFileSync(catalog, fillCatalog(catalog, PORTED));
      target = await open();
      try {
        const report = await checkAdapter(target);
        assert.deepEqual(report.checks.filter((c) => c.status === 'fail' || c.status === 'warn').map((c) => c.id), [], formatCheckReport(report));
        // The skeleton's hand-written validator agrees with the schema on this list.
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
