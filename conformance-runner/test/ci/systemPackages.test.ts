import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../tempDirs';

/*
 * .ci/system-packages.sh, the part of .ci/run that installs Debian's packages, on machines it
 * cannot change: PATH holds stand-ins for dpkg, apt-get, id and sudo (and the few tools the script
 * uses), so each case is the machine it describes. It never fails the CI run, and it always says
 * what it skipped and why.
 */

const SCRIPT = path.resolve(__dirname, '..', '..', '..', '.ci', 'system-packages.sh');
const TOOLS = ['mktemp', 'tail', 'tr', 'timeout', 'rm', 'cat'];

function machine(stubs: Record<string, string>): { run: () => { status: number | null; out: string }; log: string } {
  const bin = tempDir('fw-ci-bin-');
  const log = path.join(bin, 'calls.log');
  for (const tool of TOOLS) {
    const real = ['/usr/bin', '/bin'].map((d) => path.join(d, tool)).find((p) => fs.existsSync(p));
    if (real) fs.symlinkSync(real, path.join(bin, tool));
  }
  for (const [name, body] of Object.entries(stubs)) {
    fs.writeFileSync(path.join(bin, name), `#!/bin/bash\necho "${name} $*" >> ${log}\n${body}\n`, { mode: 0o755 });
  }
  return {
    log,
    run: () => {
      const r = spawnSync('/bin/bash', [SCRIPT], { encoding: 'utf8', env: { PATH: bin, FW_CI_PACKAGES: 'php-cli chromium', TMPDIR: bin } });
      return { status: r.status, out: r.stdout + r.stderr };
    },
  };
}

const notInstalled = 'exit 1';

describe('.ci/system-packages.sh', () => {
  it('not Debian: says so, names the packages and what needs them, exits 0', () => {
    const r = machine({ id: 'echo 0' }).run();
    assert.equal(r.status, 0);
    assert.match(r.out, /^skipped: the Debian packages php-cli chromium are not installed: this is not a Debian system \(no dpkg\)$/m);
    assert.match(r.out, /the tests that need them report themselves skipped/);
  });

  it('not root and no sudo: skips with why, and never calls apt-get', () => {
    const m = machine({ dpkg: notInstalled, 'apt-get': 'exit 0', id: '[ "$1" = -u ] && echo 1000 || echo builder' });
    const r = m.run();
    assert.equal(r.status, 0);
    assert.match(r.out, /skipped: the Debian packages php-cli chromium are not installed: installing them needs root, and this user \(builder\) is not root and has no password-less sudo/);
    assert.doesNotMatch(fs.readFileSync(m.log, 'utf8'), /^apt-get/m);
  });

  it('not root with sudo: installs through sudo', () => {
    const m = machine({ dpkg: notInstalled, 'apt-get': 'exit 0', sudo: '[ "$1" = -n ] && shift; [ "$1" = true ] && exit 0; exec "$@"', id: '[ "$1" = -u ] && echo 1000 || echo builder' });
    const r = m.run();
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /^installing: php-cli chromium \(with sudo\)$/m);
    assert.match(r.out, /^installed: php-cli chromium$/m);
    const calls = fs.readFileSync(m.log, 'utf8');
    assert.match(calls, /^sudo -n apt-get install -y -qq php-cli chromium$/m);
  });

  it('root, and apt-get fails: skips, quoting apt-get\'s last words', () => {
    const r = machine({ dpkg: notInstalled, 'apt-get': 'echo "E: Unable to locate package chromium" >&2; exit 100', id: 'echo 0' }).run();
    assert.equal(r.status, 0);
    assert.match(r.out, /skipped: .* apt-get failed \(exit 100\): E: Unable to locate package chromium/);
  });

  it('everything installed: says so', () => {
    const r = machine({ dpkg: 'exit 0', id: 'echo 0' }).run();
    assert.equal(r.status, 0);
    assert.match(r.out, /^system packages: all installed \(php-cli chromium\)$/m);
  });
});
