import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { adapterNames, CertifyError, loadDescriptor, missingRequirements, ROOT, type AdapterDescriptor } from '../../../scripts/certify';
import { loadExpectations } from '../../src/expectations/load';

describe('npm run certify', () => {
  it('finds every adapter of adapters/ that has an adapter.json, with a valid descriptor and expectations', () => {
    const names = adapterNames();
    assert.deepEqual(names, ['laravel', 'lumen']);
    for (const name of names) {
      const d = loadDescriptor(name);
      assert.ok(fs.existsSync(path.join(ROOT, d.start)), `${name}: ${d.start} exists`);
      assert.ok(d.runner.includes('--seed'), `${name}: certified with a fixed seed, so that reruns are comparable`);
      const expectations = loadExpectations(path.join(ROOT, 'adapters', name, 'expectations.json'));
      for (const e of expectations.rules) {
        // A reason is read by people deciding whether the framework is at fault: one line, no dumps.
        assert.ok(e.reason && e.reason.length <= 260 && !e.reason.includes('\n') && !/<!DOCTYPE/i.test(e.reason), `${name} ${e.rule}: ${e.reason}`);
      }
    }
  });

  it('refuses unknown names and malformed descriptors with a message, never a stack trace', () => {
    assert.throws(() => loadDescriptor('symfony'), (err: unknown) => err instanceof CertifyError && /no adapter named "symfony" \(adapters with an adapter.json: laravel, lumen\)/.test(err.message));
    assert.throws(() => loadDescriptor('../reference'), CertifyError);
  });

  it('names what is missing to run an adapter', () => {
    const d: AdapterDescriptor = {
      name: 'X', description: 'x', start: 'x', runner: [],
      requires: { commands: ['node', 'no-such-command-fw'], files: ['/no/such/file.php'], debian: [] },
    };
    assert.deepEqual(missingRequirements(d), ['the command no-such-command-fw', '/no/such/file.php']);
  });
});
