import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * `npm run release -- patch|minor|major|X.Y.Z [--dry-run]`: makes a release of the repository it
 * runs in (CONTRIBUTING.md, "Releasing"). In order, stopping at the first problem with a message:
 *   1. the working tree is clean, and the tags vX.Y.Z does not exist yet;
 *   2. CHANGELOG.md has a section for the version (`## X.Y.Z — unreleased`), which gets today's date;
 *   3. package.json and package-lock.json get the version (npm version, no git);
 *   4. `npm publish --dry-run` builds and packs it: the package must be the version's;
 *   5. a commit `Release X.Y.Z`, the tag vX.Y.Z, and the tag vX moved to it (the action's
 *      `uses: ...@vX` follows the newest release of major X).
 * It pushes nothing and prints the push. --dry-run checks 1 and 2 and says what it would do.
 */

export const ROOT = path.resolve(__dirname, '..');
export type Bump = 'patch' | 'minor' | 'major';

export class ReleaseError extends Error {}

const VERSION = /^(\d+)\.(\d+)\.(\d+)$/;

/** The version after `current` for a bump, or the exact version given (which must be newer). */
export function nextVersion(current: string, wanted: string): string {
  const now = VERSION.exec(current);
  if (!now) throw new ReleaseError(`package.json's version ${JSON.stringify(current)} is not X.Y.Z`);
  const [major, minor, patch] = now.slice(1).map(Number) as [number, number, number];
  if (wanted === 'major') return `${major + 1}.0.0`;
  if (wanted === 'minor') return `${major}.${minor + 1}.0`;
  if (wanted === 'patch') return `${major}.${minor}.${patch + 1}`;
  const exact = VERSION.exec(wanted);
  if (!exact) throw new ReleaseError(`${JSON.stringify(wanted)} is neither patch, minor, major nor a version X.Y.Z`);
  const order = (v: RegExpExecArray) => v.slice(1).map(Number);
  const [a, b] = [order(exact), order(now)];
  const newer = a[0]! !== b[0]! ? a[0]! > b[0]! : a[1]! !== b[1]! ? a[1]! > b[1]! : a[2]! > b[2]!;
  if (!newer) throw new ReleaseError(`${wanted} is not newer than the current version ${current}`);
  return wanted;
}

/** The changelog with the version's section dated, or a ReleaseError when it has none. */
export function datedChangelog(changelog: string, version: string, date: string): string {
  const heading = new RegExp(`^## ${version.replace(/\./g, '\\.')}(?: — (.*))?$`, 'm');
  const m = heading.exec(changelog);
  if (!m) throw new ReleaseError(`CHANGELOG.md has no section "## ${version} — unreleased": write what the release changes (rules, levels, protocol) first`);
  if (m[1] !== undefined && m[1] !== 'unreleased') throw new ReleaseError(`CHANGELOG.md's section for ${version} is already dated (${m[1]}): was it released?`);
  return changelog.replace(heading, `## ${version} — ${date}`);
}

interface Run {
  status: number;
  output: string;
}

function run(command: string, args: string[], cwd: string): Run {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status ?? 1, output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? r.error.message : ''}` };
}

function git(args: string[], cwd: string): string {
  const r = run('git', args, cwd);
  if (r.status !== 0) throw new ReleaseError(`git ${args.join(' ')} failed: ${r.output.trim()}`);
  return r.output.trim();
}

export interface ReleaseOptions {
  cwd: string;
  wanted: string;
  dryRun: boolean;
  date?: string;
  say: (text: string) => void;
}

/** Makes the release; returns the version. Every check comes before anything is changed. */
export function release(o: ReleaseOptions): string {
  const pkgFile = path.join(o.cwd, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { name: string; version: string };
  const version = nextVersion(pkg.version, o.wanted);
  const major = version.split('.')[0]!;
  const dirty = git(['status', '--porcelain'], o.cwd);
  if (dirty !== '') throw new ReleaseError(`the working tree is not clean; commit or stash first:\n${dirty}`);
  if (git(['tag', '--list', `v${version}`], o.cwd) !== '') throw new ReleaseError(`the tag v${version} exists already`);
  const changelogFile = path.join(o.cwd, 'CHANGELOG.md');
  if (!fs.existsSync(changelogFile)) throw new ReleaseError('there is no CHANGELOG.md');
  const date = o.date ?? new Date().toISOString().slice(0, 10);
  const changelog = datedChangelog(fs.readFileSync(changelogFile, 'utf8'), version, date);
  if (o.dryRun) {
    o.say(`release: would release ${pkg.name} ${pkg.version} → ${version} (${date}): CHANGELOG.md dated, npm publish --dry-run, commit "Release ${version}", tag v${version}, move v${major}\n`);
    return version;
  }

  o.say(`release: ${pkg.name} ${pkg.version} → ${version}\n`);
  fs.writeFileSync(changelogFile, changelog);
  const bump = run('npm', ['version', version, '--no-git-tag-version', '--allow-same-version'], o.cwd);
  if (bump.status !== 0) throw new ReleaseError(`npm version ${version} failed:\n${bump.output}`);
  o.say('release: npm publish --dry-run (builds and packs the package)\n');
  const publish = run('npm', ['publish', '--dry-run', '--json'], o.cwd);
  if (publish.status !== 0) throw new ReleaseError(`npm publish --dry-run failed:\n${publish.output.slice(-4000)}`);
  const packed = /"id":\s*"([^"]+)"[\s\S]*?"entryCount":\s*(\d+)/.exec(publish.output);
  if (!packed || packed[1] !== `${pkg.name}@${version}`) throw new ReleaseError(`npm publish --dry-run did not pack ${pkg.name}@${version}:\n${publish.output.slice(-2000)}`);
  o.say(`release: npm publish --dry-run packs ${packed[1]} (${packed[2]} files)\n`);
  // The build leaves dist/ (ignored by git); only the version, the lock file and the changelog change.
  git(['add', 'package.json', 'package-lock.json', 'CHANGELOG.md'], o.cwd);
  git(['commit', '--quiet', '-m', `Release ${version}`], o.cwd);
  git(['tag', '-a', `v${version}`, '-m', `fw-conformance ${version}`], o.cwd);
  git(['tag', '-f', '-a', `v${major}`, '-m', `fw-conformance ${version} (the newest release of major ${major})`], o.cwd);
  o.say(`release: tagged v${version}, and v${major} moved to it. To publish:\n  git push origin HEAD v${version}\n  git push --force origin v${major}\n  npm publish\n`);
  return version;
}

const USAGE = 'usage: npm run release -- patch|minor|major|X.Y.Z [--dry-run]';

function main(argv: string[]): number {
  const dryRun = argv.includes('--dry-run');
  const rest = argv.filter((a) => a !== '--dry-run');
  if (rest.length !== 1 || rest[0]!.startsWith('-')) {
    process.stderr.write(`release: ${rest.length === 0 ? 'say which version' : `unexpected ${rest.slice(1).join(' ') || rest[0]}`}\n${USAGE}\n`);
    return 2;
  }
  try {
    release({ cwd: process.cwd(), wanted: rest[0]!, dryRun, say: (t) => process.stdout.write(t) });
    return 0;
  } catch (err) {
    if (err instanceof ReleaseError) {
      process.stderr.write(`release: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

if (require.main === module) process.exit(main(process.argv.slice(2)));
