import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { dropUnmeasuredScripts, mayBeMeasured } from '../../src/run/coverage/coverageScripts';
import { tempDir } from '../tempDirs';

const ROOT = '/repo';
const measurable = (file: string) => file.startsWith('/repo/reference/');
const url = (file: string) => pathToFileURL(file).href;

describe('raw V8 coverage cut to what c8 can measure', () => {
  it('keeps a script under a measured folder, and what c8 skips by itself (node: internals)', () => {
    assert.equal(mayBeMeasured(url('/repo/reference/src/a.ts'), undefined, measurable), true);
    assert.equal(mayBeMeasured('node:internal/modules/cjs/loader', undefined, measurable), true);
  });

  it('drops a script outside them with no source map, or with a map whose sources stay outside', () => {
    assert.equal(mayBeMeasured(url('/repo/node_modules/ajv/dist/core.js'), undefined, measurable), false);
    const map = { data: { sources: ['../lib/core.ts'] } };
    assert.equal(mayBeMeasured(url('/repo/node_modules/ajv/dist/core.js'), map, measurable), false);
  });

  it('keeps a script whose map leads into a measured folder, resolved the way c8 does', () => {
    const bundle = url('/repo/dist/reference/adapter.js');
    assert.equal(mayBeMeasured(bundle, { data: { sources: ['../../reference/adapter/main.ts'] } }, measurable), true);
    assert.equal(mayBeMeasured(bundle, { data: { sources: ['main.ts'], sourceRoot: 'file:///repo/reference/adapter' } }, measurable), true);
    assert.equal(mayBeMeasured(bundle, { data: { sources: ['webpack://../../reference/x.ts'] } }, measurable), true);
    assert.equal(mayBeMeasured(bundle, { data: { sources: [url('/repo/reference/x.ts')] } }, measurable), true);
  });

  it('keeps a script whose map names a source by another scheme (its place is not worked out)', () => {
    assert.equal(mayBeMeasured(url('/elsewhere/a.js'), { data: { sources: ['vite:///src/a.ts'] } }, measurable), true);
  });

  it('rewrites the coverage files, keeping the source maps, and leaves the rest alone', () => {
    const dir = tempDir('fw-cov-raw-');
    const kept = url(path.join(ROOT, 'reference', 'a.ts'));
    const raw = {
      result: [{ url: kept, functions: [] }, { url: url('/repo/node_modules/x/index.js'), functions: [] }, { url: 'node:fs', functions: [] }],
      'source-map-cache': { [kept]: { data: { sources: ['a.ts'] } } },
    };
    fs.writeFileSync(path.join(dir, 'coverage-1.json'), JSON.stringify(raw));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not coverage');
    fs.writeFileSync(path.join(dir, 'broken.json'), '{');
    const { dropped, loaded } = dropUnmeasuredScripts(dir, ROOT, ['reference']);
    assert.equal(dropped, 1);
    assert.deepEqual([...loaded], [path.join(ROOT, 'reference', 'a.ts')], 'the files of the scripts kept');
    const after = JSON.parse(fs.readFileSync(path.join(dir, 'coverage-1.json'), 'utf8'));
    assert.deepEqual(after.result.map((s: { url: string }) => s.url), [kept, 'node:fs']);
    assert.deepEqual(after['source-map-cache'], raw['source-map-cache']);
    assert.equal(fs.readFileSync(path.join(dir, 'broken.json'), 'utf8'), '{');
    assert.equal(dropUnmeasuredScripts(dir, ROOT, ['reference']).dropped, 0, 'nothing more to drop');
  });
});
