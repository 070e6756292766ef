import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { parseCommandLine, UsageError } from '../../src/cli/args';
import { tempDir } from '../tempDirs';

const dir = tempDir('fw-args-');
const existing = path.join(dir, 'expectations.json');
fs.writeFileSync(existing, '{}');
const aFile = path.join(dir, 'file.txt');
fs.writeFileSync(aFile, 'x');

const START = ['--start', 'node adapter.js'];

function usageError(argv: string[], message: RegExp): void {
  assert.throws(() => parseCommandLine(argv, dir), (err: unknown) => {
    assert.ok(err instanceof UsageError, `expected a UsageError, got ${String(err)}`);
    assert.match(err.message, message);
    assert.ok(!err.message.includes('\n'), `a usage error is one line: ${err.message}`);
    return true;
  });
}

describe('parseCommandLine: valid command lines', () => {
  it('applies the defaults', () => {
    const o = parseCommandLine(START, dir);
    assert.equal(o.start, 'node adapter.js');
    assert.equal(o.out, 'reports');
    assert.equal(o.numRuns, 100);
    assert.equal(o.requestTimeoutMs, 10_000);
    assert.equal(o.startTimeoutMs, 30_000);
    assert.equal(o.parallel, 0);
    assert.equal(o.seed, undefined);
    assert.deepEqual(o.rules, []);
    assert.deepEqual(o.levels, []);
    assert.equal(o.failFast, false);
    assert.equal(o.skipAdapterCheck, false, 'every run starts with the adapter check');
  });

  it('reads every option', () => {
    const o = parseCommandLine(['--target', 'http://127.0.0.1:8080', '--token', 't', '--tags', '@property and not @capability:views',
      '--rule', 'params', '--rule', 'errors.allow-header', '--level', 'must', '--level', 'implied,reference', '--expectations', 'expectations.json',
      '--out', 'out', '--seed=-7', '--num-runs', '5', '--path', '3:0:1', '--oracle', 'reference', '--request-timeout', '250',
      '--scenario-timeout', '9000', '--start-timeout', '1000', '--parallel', '2', '--fail-fast', '--quiet'], dir);
    assert.equal(o.target, 'http://127.0.0.1:8080');
    assert.equal(o.token, 't');
    assert.equal(o.tags, '@property and not @capability:views');
    assert.deepEqual(o.rules, ['params', 'errors.allow-header']);
    assert.deepEqual(o.levels, ['must', 'implied', 'reference']);
    assert.equal(o.expectations, existing);
    assert.equal(o.out, 'out');
    assert.equal(o.seed, -7);
    assert.equal(o.numRuns, 5);
    assert.equal(o.path, '3:0:1');
    assert.equal(o.oracle, 'reference');
    assert.equal(o.requestTimeoutMs, 250);
    assert.equal(o.scenarioTimeoutMs, 9000);
    assert.equal(o.startTimeoutMs, 1000);
    assert.equal(o.parallel, 2);
    assert.equal(o.failFast, true);
    assert.equal(o.quiet, true);
  });

  it('accepts --help and --version without a target', () => {
    assert.equal(parseCommandLine(['--help'], dir).help, true);
    assert.equal(parseCommandLine(['-h'], dir).help, true);
    assert.equal(parseCommandLine(['--version'], dir).version, true);
  });

  it('lets --update-expectations create a file that does not exist yet', () => {
    const o = parseCommandLine([...START, '--expectations', 'new.json', '--update-expectations'], dir);
    assert.equal(o.expectations, path.join(dir, 'new.json'));
    assert.equal(o.updateExpectations, true);
  });

  it('reads --skip-adapter-check', () => {
    assert.equal(parseCommandLine([...START, '--skip-adapter-check'], dir).skipAdapterCheck, true);
    assert.equal(parseCommandLine(['--target', 'http://127.0.0.1:8080', '--token', 't', '--skip-adapter-check'], dir).skipAdapterCheck, true);
  });

  it('accepts --coverage with --start', () => {
    assert.equal(parseCommandLine([...START, '--coverage'], dir).coverage, true);
  });
});

describe('parseCommandLine: every bad input is a one-line usage error', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['unknown option', [...START, '--colour'], /unknown option --colour/],
    ['missing value', ['--start'], /--start needs a value/],
    ['value given to a flag', [...START, '--quiet=yes'], /--quiet takes no value/],
    ['positional argument', [...START, 'features/x.feature'], /unexpected argument features\/x\.feature/],
    ['no target', [], /no target: give --target URL --token T .* --start/],
    ['both targets', [...START, '--target', 'http://127.0.0.1:1', '--token', 't'], /--target and --start exclude each other/],
    ['target without token', ['--target', 'http://127.0.0.1:8080'], /--target needs --token/],
    ['token without target', [...START, '--token', 't'], /--token goes with --target/],
    ['target not a URL', ['--target', 'localhost:8080x', '--token', 't'], /--target .* (is not a URL|only http)/],
    ['https target', ['--target', 'https://127.0.0.1:8080', '--token', 't'], /only http:\/\//],
    ['target with a path', ['--target', 'http://127.0.0.1:8080/api', '--token', 't'], /origin only/],
    ['empty start', ['--start', '  '], /--start needs a non-empty value/],
    ['bad level', [...START, '--level', 'should'], /--level "should" is not a level; use must, implied, reference/],
    ['bad level in a list', [...START, '--level', 'must,maybe'], /--level "maybe"/],
    ['bad rule', [...START, '--rule', 'Params!'], /--rule "Params!" is not a rule ID or prefix/],
    ['bad tag expression', [...START, '--tags', '@a and (@b'], /--tags "@a and \(@b" is not a valid tag expression/],
    ['seed not a number', [...START, '--seed', 'abc'], /--seed "abc" is not valid: expected a 32-bit integer/],
    ['seed too big', [...START, '--seed', '99999999999'], /--seed "99999999999" is not valid/],
    ['seed fractional', [...START, '--seed', '1.5'], /--seed "1.5" is not valid/],
    ['num-runs zero', [...START, '--num-runs', '0'], /--num-runs "0" is not valid: expected a whole number of runs/],
    ['num-runs negative', [...START, '--num-runs=-3'], /--num-runs "-3" is not valid/],
    ['value that looks like an option', [...START, '--num-runs', '-3'], /--num-runs needs a value \(to give one that starts with "-", write --num-runs=-VALUE\)/],
    ['path malformed', [...START, '--seed', '1', '--path', '1::2'], /--path "1::2" is not a fast-check replay path/],
    ['path without seed', [...START, '--path', '1:2'], /--path replays one case of a given seed: give --seed too/],
    ['unknown oracle', [...START, '--oracle', 'laravel'], /--oracle "laravel": the only oracle is "reference"/],
    ['request timeout zero', [...START, '--request-timeout', '0'], /--request-timeout "0" is not valid: expected milliseconds/],
    ['request timeout with unit', [...START, '--request-timeout', '5s'], /--request-timeout "5s" is not valid/],
    ['scenario timeout negative', [...START, '--scenario-timeout=-1'], /--scenario-timeout "-1" is not valid/],
    ['start timeout empty', [...START, '--start-timeout', ''], /--start-timeout "" is not valid/],
    ['parallel too many', [...START, '--parallel', '65'], /--parallel "65" is not valid: expected a number of worker processes from 0/],
    ['parallel negative', [...START, '--parallel=-1'], /--parallel "-1" is not valid/],
    ['expectations missing', [...START, '--expectations', 'nope.json'], /--expectations nope\.json: no such file \(create it with --update-expectations\)/],
    ['expectations is a directory', [...START, '--expectations', '.'], /--expectations \. is a directory/],
    ['update without file', [...START, '--update-expectations'], /--update-expectations needs --expectations FILE/],
    ['update into a missing directory', [...START, '--update-expectations', '--expectations', 'no/such/dir/e.json'], /the directory .* does not exist/],
    ['out is a file', [...START, '--out', 'file.txt'], /--out file\.txt exists and is not a directory/],
    ['check-adapter and skip-adapter-check', [...START, '--check-adapter', '--skip-adapter-check'], /--check-adapter and --skip-adapter-check exclude each other/],
    ['skip-adapter-check with a value', [...START, '--skip-adapter-check=yes'], /--skip-adapter-check takes no value/],
    ['coverage without start', ['--target', 'http://127.0.0.1:8080', '--token', 't', '--coverage'], /--coverage measures a target the runner starts: use it with --start/],
  ];
  for (const [name, argv, message] of cases) {
    it(name, () => usageError(argv, message));
  }
});
