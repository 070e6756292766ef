import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { filesWithRuntimeCode, hasRuntimeCode } from '../../src/run/coverage/runtimeCode';
import { tempDir } from '../tempDirs';

/** Source → whether it compiles to code. */
const CASES: Array<[string, boolean]> = [
  ['export {};\n', false],
  ["import type X from 'y';\nexport type Z = X;\n", false],
  ['declare const x: number;\nexport {};\n', false],
  ["export type { X } from './x';\nexport interface I { a: number }\n", false],
  ["import { X } from './x';\nexport type Y = X;\n", false],
  ["declare module 'm' { const a: number; }\n", false],
  ['namespace N { export type T = 1 }\n', false],
  ['// a comment\n/* and a block */\n', false],
  ['export enum E { A }\n', true],
  ['export const enum E { A }\n', true],
  ["import './side-effect';\n", true],
  ["export { X } from './x';\n", true],
  ['export abstract class A {}\n', true],
  ['export const unused = (n: number): number => n * 2;\n', true],
];

describe('types-only files and files with code', () => {
  const dir = tempDir('fw-runtime-code-');
  const files = CASES.map(([source], i) => {
    const file = path.join(dir, `case${i}.ts`);
    fs.writeFileSync(file, source);
    return file;
  });

  for (const transpiler of ['esbuild', 'typescript'] as const) {
    it(`are told apart by ${transpiler}`, () => {
      CASES.forEach(([source, code], i) => assert.equal(hasRuntimeCode(files[i]!, [transpiler]), code, source));
    });
  }

  it('are told apart for many files at once, the same way', async () => {
    const answers = await filesWithRuntimeCode(files);
    assert.deepEqual(files.map((f) => answers.get(f)), CASES.map(([, code]) => code));
  });

  it('count as code when no transpiler is there (the installed package)', () => {
    assert.equal(hasRuntimeCode(files[0]!, []), true);
  });

  it('read compiled JavaScript without its CommonJS boilerplate', () => {
    const js = path.join(dir, 'types.js');
    fs.writeFileSync(js, '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n//# sourceMappingURL=types.js.map\n');
    assert.equal(hasRuntimeCode(js), false);
    fs.writeFileSync(js, '"use strict";\nexports.a = 1;\n');
    assert.equal(hasRuntimeCode(js), true);
  });
});
