import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { INTERRUPT_BUDGET_FLAG, V8_INTERRUPT_BUDGET_SEAM, V8_MAJOR_AT_MOST } from '../../src/vendor-seams/v8InterruptBudget';

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** The two processes that set the flag, each as its first act. */
const SETTERS = ['conformance-runner/bin/fw-conformance.js', 'reference/adapter/main.ts'];

describe("vendor seam: V8's --interrupt-budget (vendor-seams/v8InterruptBudget.ts)", () => {
  it('is set by the runner and the reference adapter alike, bounded by the same V8 version', () => {
    for (const file of SETTERS) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      assert.ok(text.includes('`--interrupt-budget=${8 * 66 * 1024}`'), `${file} sets ${INTERRUPT_BUDGET_FLAG}`);
      assert.ok(text.includes(`Number(process.versions.v8.split('.')[0]) <= ${V8_MAJOR_AT_MOST}`), `${file} bounds it at V8 ${V8_MAJOR_AT_MOST}`);
      assert.ok(text.includes('vendor-seams/v8InterruptBudget.ts'), `${file} names its seam`);
    }
  });

  it(`runs on a V8 the processes set it on, the one it was written against (${V8_INTERRUPT_BUDGET_SEAM.writtenAgainst})`, () => {
    const major = Number(process.versions.v8.split('.')[0]);
    assert.ok(major <= V8_MAJOR_AT_MOST, `V8 ${process.versions.v8} is past ${V8_MAJOR_AT_MOST}: the runner silently leaves the budget alone; measure it again (docs/architecture.md, "Where the time goes") and move the bound or remove the seam`);
    assert.ok(process.versions.v8.startsWith(`${V8_INTERRUPT_BUDGET_SEAM.writtenAgainst}.`),
      `V8 moved from ${V8_INTERRUPT_BUDGET_SEAM.writtenAgainst} to ${process.versions.v8}: check that the flag still pays, then update writtenAgainst`);
  });

  it('is a flag this V8 knows: it starts a process without a word', () => {
    const r = spawnSync(process.execPath, [INTERRUPT_BUDGET_FLAG, '-e', `require('node:v8').setFlagsFromString(${JSON.stringify(INTERRUPT_BUDGET_FLAG)})`], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
  });
});
