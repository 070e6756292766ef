import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { datedChangelog, nextVersion } from '../../../scripts/release';
import { tempDir } from '../tempDirs';

/*
 * scripts/release.ts in a throw-away repository made of this working tree's files (never in this
 * repository: it commits and tags): a minor release bumps, dates the changelog, packs with
 * npm publish --dry-run, commits, tags vX.Y.Z and moves vX; what it refuses, it refuses before
 * changing anything.
 */

const REPO = path.resolve(__dirname, '..', '..', '..');

function git(cwd: string, args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** A git repository holding this working tree's files as one commit, with the repository's node_modules. */
function throwAwayRepository(): string {
  const dir = path.join(tempDir('fw-release-'), 'repo');
  const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' }).stdout.split('\0').filter((f) => f !== '');
  for (const file of files) {
    if (!fs.existsSync(path.join(REPO, file))) continue; // deleted, not yet committed
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(REPO, file), path.join(dir, file));
  }
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'));
  git(dir, ['init', '--quiet', '--initial-branch', 'main']);
  git(dir, ['add', '-A']);
  git(dir, ['commit', '--quiet', '-m', 'the working tree']);
  return dir;
}

function release(cwd: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, FW_TS_CACHE: 'off' };
  delete env.NODE_TEST_CONTEXT;
  const r = spawnSync(process.execPath, ['-r', path.join(cwd, 'scripts', 'register.js'), path.join(cwd, 'scripts', 'release.ts'), ...args],
    { cwd, encoding: 'utf8', env, timeout: 400_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('npm run release', { timeout: 600_000 }, () => {
  it('computes the next version and refuses one that is not newer', () => {
    assert.equal(nextVersion('0.1.0', 'minor'), '0.2.0');
    assert.equal(nextVersion('0.2.3', 'patch'), '0.2.4');
    assert.equal(nextVersion('0.2.3', 'major'), '1.0.0');
    assert.equal(nextVersion('0.2.3', '0.10.0'), '0.10.0');
    assert.throws(() => nextVersion('0.2.3', '0.2.3'), /not newer/);
    assert.throws(() => nextVersion('0.2.3', 'next'), /neither patch, minor, major nor a version/);
  });

  it('dates the version\'s changelog section, and refuses a version without one or already released', () => {
    const log = '# Changelog\n\n## 0.2.0 — unreleased\n\n- things\n\n## 0.1.0\n';
    assert.equal(datedChangelog(log, '0.2.0', '2026-12-06'), '# Changelog\n\n## 0.2.0 — 2026-12-06\n\n- things\n\n## 0.1.0\n');
    assert.throws(() => datedChangelog(log, '0.3.0', '2026-12-06'), /no section "## 0\.3\.0 — unreleased"/);
    assert.throws(() => datedChangelog('## 0.2.0 — 2026-01-01\n', '0.2.0', '2026-12-06'), /already dated/);
  });

  it('in a throw-away clone: bumps, dates, checks npm publish --dry-run, commits, tags vX.Y.Z and moves vX', () => {
    const repo = throwAwayRepository();
    const before = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).version as string;
    const version = nextVersion(before, 'minor');
    const major = version.split('.')[0];
    // Right after a release the repository's changelog has no unreleased section yet: the clone gets one.
    const changelog = path.join(repo, 'CHANGELOG.md');
    const log = fs.readFileSync(changelog, 'utf8');
    if (!log.includes(`## ${version} — unreleased`)) {
      fs.writeFileSync(changelog, log.replace(/^## /m, `## ${version} — unreleased\n\n- what the release changes\n\n## `));
      git(repo, ['commit', '-qam', 'changelog: the next release']);
    }
    // An earlier release of the same major, for vX to move from.
    git(repo, ['tag', '-a', `v${major}`, '-m', 'an earlier release']);
    const earlier = git(repo, ['rev-parse', `v${major}^{commit}`]);

    const dry = release(repo, ['minor', '--dry-run']);
    assert.equal(dry.status, 0, dry.out);
    assert.match(dry.out, new RegExp(`would release fw-conformance ${before} → ${version}`));
    assert.equal(git(repo, ['status', '--porcelain']), '', '--dry-run changes nothing');

    const r = release(repo, ['minor']);
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, new RegExp(`npm publish --dry-run packs fw-conformance@${version.replace(/\./g, '\\.')} \\(\\d+ files\\)`));
    assert.match(r.out, new RegExp(`git push origin HEAD v${version}`));
    assert.equal(JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).version, version);
    const lock = JSON.parse(fs.readFileSync(path.join(repo, 'package-lock.json'), 'utf8'));
    assert.equal(lock.version, version);
    assert.equal(lock.packages[''].version, version);
    assert.match(fs.readFileSync(path.join(repo, 'CHANGELOG.md'), 'utf8'), new RegExp(`^## ${version.replace(/\./g, '\\.')} — \\d{4}-\\d{2}-\\d{2}$`, 'm'));
    assert.equal(git(repo, ['log', '-1', '--format=%s']), `Release ${version}`);
    const head = git(repo, ['rev-parse', 'HEAD']);
    assert.equal(git(repo, ['rev-parse', `v${version}^{commit}`]), head);
    assert.equal(git(repo, ['rev-parse', `v${major}^{commit}`]), head, `v${major} moved to the release`);
    assert.notEqual(earlier, head);
    assert.equal(git(repo, ['status', '--porcelain']), '', 'the release leaves a clean tree (dist/ is ignored)');

    // Again: nothing in the changelog for the next patch, a tag that exists, a dirty tree.
    const none = release(repo, ['patch']);
    assert.equal(none.status, 1);
    assert.match(none.out, /CHANGELOG\.md has no section "## \d+\.\d+\.\d+ — unreleased"/);
    const again = release(repo, [version]);
    assert.equal(again.status, 1);
    assert.match(again.out, /not newer than the current version|exists already/);
    fs.writeFileSync(path.join(repo, 'stray.txt'), 'x');
    const dirty = release(repo, ['patch']);
    assert.equal(dirty.status, 1);
    assert.match(dirty.out, /the working tree is not clean/);
    assert.equal(git(repo, ['rev-parse', 'HEAD']), head, 'a refused release changes nothing');
  });
});
