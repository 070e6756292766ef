import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { adapterNames, CertifyError, checkDescriptor, FRAMEWORK_LOG, installHint, keepFrameworkLog, loadDescriptor, missingRequirements, ROOT, tempBase, type AdapterDescriptor } from '../../../scripts/certify';
import { loadExpectations } from '../../src/expectations/load';
import { tempDir } from '../tempDirs';

describe('npm run certify', () => {
  it('finds every adapter of adapters/ that has an adapter.json, with a valid descriptor and expectations', () => {
    const names = adapterNames();
    assert.deepEqual(names, ['adonis', 'laravel', 'lumen']);
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
    assert.throws(() => loadDescriptor('symfony'), (err: unknown) => err instanceof CertifyError && /no adapter named "symfony" \(adapters with an adapter.json: adonis, laravel, lumen\)/.test(err.message));
    assert.throws(() => loadDescriptor('../reference'), CertifyError);
  });

  it('names what is missing to run an adapter', () => {
    const d: AdapterDescriptor = {
      name: 'X', description: 'x', start: 'x', runner: [],
      requires: { commands: ['node', 'no-such-command-fw'], files: ['/no/such/file.php'], debian: [] },
    };
    assert.deepEqual(missingRequirements(d), ['the command no-such-command-fw', '/no/such/file.php']);
  });

  it('names an adapter folder whose own npm dependencies are not installed, and how to install them', () => {
    const d: AdapterDescriptor = {
      name: 'X', description: 'x', start: 'x', runner: [],
      requires: { commands: [], files: [], debian: ['php-cli'], npm: ['adapters/no-such-adapter'] },
    };
    assert.deepEqual(missingRequirements(d), ['the npm dependencies of adapters/no-such-adapter']);
    assert.equal(installHint(d), 'Debian: apt-get install -y php-cli; npm ci --prefix adapters/no-such-adapter');
    // The repository's own folder has its dependencies (npm ci ran): nothing is missing.
    assert.deepEqual(missingRequirements({ ...d, requires: { ...d.requires, npm: ['.'] } }), []);
  });

  it('refuses a descriptor whose npm folders are not a list of strings, or lie outside the repository', () => {
    const descriptor = (npm: unknown) => ({ name: 'Z', description: 'z', start: 'x', runner: [], requires: { commands: [], files: [], debian: [], npm } });
    assert.throws(() => checkDescriptor('z', descriptor('adapters/z')), (err: unknown) => err instanceof CertifyError && /optionally npm/.test(err.message));
    assert.throws(() => checkDescriptor('z', descriptor(['../elsewhere'])), (err: unknown) => err instanceof CertifyError && /"\.\.\/elsewhere", which is not a folder of this repository/.test(err.message));
    assert.throws(() => checkDescriptor('z', descriptor(['/abs'])), CertifyError);
    assert.deepEqual(checkDescriptor('z', descriptor(['adapters/z'])).requires.npm, ['adapters/z']);
    assert.throws(() => checkDescriptor('z', null), CertifyError);
  });

  it('keeps the log an adapter left in its temporary folder with the reports, and nothing when there is none', () => {
    const tmp = tempDir('fw-certify-test-');
    const reports = path.join(tempDir('fw-certify-reports-'), 'lumen');
    assert.equal(keepFrameworkLog(tmp, reports), undefined);
    assert.ok(!fs.existsSync(reports), 'no log, no file');
    // What adapters/lumen/start.sh leaves when it stops: $TMPDIR/fw-lumen-<port>.log.
    fs.writeFileSync(path.join(tmp, 'fw-lumen-4242.log'), '[2025-01-01] lumen.ERROR: Unable to resolve dependency\n');
    fs.mkdirSync(path.join(tmp, 'fw-lumen-4242'));
    assert.equal(keepFrameworkLog(tmp, reports), path.join(reports, FRAMEWORK_LOG));
    assert.equal(fs.readFileSync(path.join(reports, FRAMEWORK_LOG), 'utf8'), '[2025-01-01] lumen.ERROR: Unable to resolve dependency\n');
  });

  it('puts temporary folders in $TMPDIR when it is set, else in memory when it can', () => {
    const saved = process.env.TMPDIR;
    try {
      process.env.TMPDIR = '/somewhere/chosen';
      assert.equal(tempBase(), '/somewhere/chosen');
      delete process.env.TMPDIR;
      const expected = (() => {
        try {
          fs.accessSync('/dev/shm', fs.constants.W_OK);
          return '/dev/shm';
        } catch {
          return os.tmpdir();
        }
      })();
      assert.equal(tempBase(), expected);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });
});
