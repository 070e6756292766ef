import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
// As in the runner: before cucumber loads (run/cucumber.ts imports it first).
import { execWithIndices, useNativeMatchIndices } from '../../src/run/cucumber/matchIndices';
import { loadSupport } from '@cucumber/cucumber/api';

const ROOT = path.resolve(__dirname, '..', '..', '..');

test('cucumber-expressions gets native match indices in place of the regexp-match-indices polyfill', () => {
  const file = require.resolve('regexp-match-indices', { paths: [path.dirname(require.resolve('@cucumber/cucumber-expressions'))] });
  assert.equal(require.cache[file]?.exports, execWithIndices);
  assert.equal(useNativeMatchIndices(), true, 'installing it again is a no-op that says so');
});

test('exec keeps the contract of regexp.exec: lastIndex of global and sticky regexps, null without a match', () => {
  const global = /a(b)?/g;
  const first = execWithIndices(global, 'xa ab');
  assert.deepEqual([first?.index, global.lastIndex, first?.indices?.[1]], [1, 2, undefined]);
  const second = execWithIndices(global, 'xa ab');
  assert.deepEqual([second?.index, global.lastIndex, second?.indices?.[1]], [3, 5, [4, 5]]);
  assert.equal(execWithIndices(global, 'xa ab'), null);
  assert.equal(global.lastIndex, 0);
  const sticky = /b/y;
  sticky.lastIndex = 1;
  assert.equal(execWithIndices(sticky, 'ab')?.indices?.[0]?.[0], 1);
  assert.equal(execWithIndices(/z/, 'ab'), null);
});

test("for every step of the features and each step definition's regexp, each group's indices frame exactly its value", async () => {
  const stepFiles = execFileSync('find', [path.join(ROOT, 'steps'), '-name', '*.ts'], { encoding: 'utf8' }).trim().split('\n');
  const library = await loadSupport({
    sources: { paths: [], defaultDialect: 'en', names: [], tagExpression: '', order: 'defined' },
    support: { requireModules: [], requirePaths: stepFiles, importPaths: [] },
  }, { cwd: ROOT }) as unknown as { stepDefinitions: Array<{ expression: { regexp: RegExp } }> };
  const featureFiles = execFileSync('find', [path.join(ROOT, 'features'), '-name', '*.feature'], { encoding: 'utf8' }).trim().split('\n');
  const steps = featureFiles.flatMap((f) => fs.readFileSync(f, 'utf8').split('\n'))
    .map((line) => /^\s*(?:Given|When|Then|And|But|\*) (.+)$/.exec(line)?.[1])
    .filter((s): s is string => s !== undefined);
  let groups = 0;
  for (const { expression: { regexp } } of library.stepDefinitions) {
    for (const step of steps) {
      const match = execWithIndices(regexp, step);
      assert.equal(match?.[0], regexp.exec(step)?.[0]);
      if (match === null) continue;
      match.forEach((value, i) => {
        const at = match.indices![i];
        assert.equal(at === undefined ? undefined : step.slice(at[0], at[1]), value, `group ${i} of ${regexp} on "${step}"`);
        groups++;
      });
    }
  }
  assert.ok(groups > 1000, `${groups} groups checked`);
});
