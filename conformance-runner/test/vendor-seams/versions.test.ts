import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { ERROR_STACK_PARSER_SEAM } from '../../src/vendor-seams/errorStackParser';
import { TS_NODE_CACHE_SEAM } from '../../src/vendor-seams/tsNodeCache';
import { installedVersion } from './installed';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SEAMS_DIR = path.join(ROOT, 'conformance-runner', 'src', 'vendor-seams');

/** Every dependency a seam reaches into, with the version it was written against and where it is resolved from. */
const SEAMS: Array<{ file: string; dependency: string; writtenAgainst: string; from?: string }> = [
  { file: 'errorStackParser.ts', ...ERROR_STACK_PARSER_SEAM },
  ...TS_NODE_CACHE_SEAM.map((s) => ({ file: 'tsNodeCache.ts', ...s })),
];

describe('vendor seams: each dependency is the version its seam was written against', () => {
  for (const seam of SEAMS) {
    it(`${seam.dependency} ${seam.writtenAgainst} (vendor-seams/${seam.file})`, () => {
      const paths = seam.from === undefined ? [ROOT] : [path.dirname(require.resolve(seam.from, { paths: [ROOT] }))];
      const installed = installedVersion(require.resolve(`${seam.dependency}/package.json`, { paths }));
      assert.equal(installed, seam.writtenAgainst,
        `${seam.dependency} moved to ${installed}: read vendor-seams/${seam.file} ("What it relies on"), check it still holds, then update its version`);
    });
  }

  it('covers every seam of the folder (V8, not a package, has its own test: v8InterruptBudget.test.ts)', () => {
    assert.deepEqual(fs.readdirSync(SEAMS_DIR).sort(), [...new Set([...SEAMS.map((s) => s.file), 'v8InterruptBudget.ts'])].sort());
  });

  it("still finds the Node hooks the TypeScript loader uses (require.extensions, Module.prototype._compile)", () => {
    assert.equal(typeof require.extensions['.ts'], 'function', 'scripts/register.js registered no .ts loader');
    assert.equal(typeof (Module.prototype as unknown as { _compile?: unknown })._compile, 'function');
  });
});
