// test/conformance.test.mjs: your framework's own test certifies it (`node --test`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { certify } from 'fw-conformance';

test('conforms to the Fw Routing and Controllers spec', { timeout: 600_000 }, async () => {
  const report = await certify({
    start: 'node adapter/main.js',        // your protocol-2 adapter (docs/writing-an-adapter.md)
    rules: ['registration.', 'params.'],   // optional: the rules you work on; all of them without it
    seed: 1,                               // optional: the same property cases in every run
  });
  const causes = report.rootCauses.map((r) => `${r.rule}: ${r.message}`);
  assert.ok(report.gate.pass, [report.verdictReason, report.gate.reason, ...causes].join('\n'));
});
