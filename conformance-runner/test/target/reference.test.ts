import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkAdapter, formatCheckReport } from '../../src/check-adapter';
import { REFERENCE_ADAPTER_COMMAND } from '../../src/config/options';
import { openTarget, stopAllTargets } from '../../src/target';
import { probe, REPO, stillPending } from './fakes';

after(() => stopAllTargets());

const MAIN = path.join(REPO, 'reference', 'adapter', 'main.ts');

describe('the reference adapter', { timeout: 120_000 }, () => {
  it('passes every check of --check-adapter, and stops cleanly', async (t) => {
    if (!fs.existsSync(MAIN)) {
      t.skip('reference/adapter/main.ts does not exist yet');
      return;
    }
    const target = await openTarget({ start: REFERENCE_ADAPTER_COMMAND, cwd: REPO, startTimeoutMs: 60_000 });
    try {
      assert.equal(target.info.implementation.name, 'fw-reference');
      const report = await checkAdapter(target);
      const notPassed = report.checks.filter((c) => c.status !== 'pass');
      assert.deepEqual(notPassed.map((c) => c.id), [], formatCheckReport(report));
      assert.equal(report.exitCode, 0);
    } finally {
      await target.stop();
    }
    assert.equal(await probe(target.address.url), 'refused');
    assert.equal(await stillPending(target.died), true, 'a stop we asked for is not a death');
  });
});
