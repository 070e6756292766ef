import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { loadedScripts } from '../../src/run/coverage/coverageScripts';
import { tempDir } from '../tempDirs';

describe('the scripts a target loaded, from its raw V8 coverage', () => {
  it('names the file of every file: script, leaves the files as they are and skips what is not coverage', () => {
    const dir = tempDir('fw-cov-raw-');
    const file = path.join(dir, 'reference', 'a.ts');
    const raw = { result: [{ url: pathToFileURL(file).href, functions: [] }, { url: 'node:fs', functions: [] }, { functions: [] }] };
    fs.writeFileSync(path.join(dir, 'coverage-1.json'), JSON.stringify(raw));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not coverage');
    fs.writeFileSync(path.join(dir, 'broken.json'), '{');
    fs.writeFileSync(path.join(dir, 'other.json'), '{"result": "none"}');
    assert.deepEqual([...loadedScripts(dir)], [file]);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'coverage-1.json'), 'utf8')), raw, 'c8 reads what the target wrote');
  });
});
