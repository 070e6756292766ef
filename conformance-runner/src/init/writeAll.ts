import * as fs from 'node:fs';
import * as path from 'node:path';
import { fsErrorCode, fsErrorReason } from '../config/fsError';

/** A skeleton that could not be written: the path and why; nothing of it was left behind. */
export class InitWriteError extends Error {
  override name = 'InitWriteError';

  constructor(readonly where: string, readonly reason: string) {
    super(`${where}: ${reason}`);
  }
}

/**
 * Writes `files` (relative path → template file) under `dir`, all or nothing (issue 38: a dangling
 * link or a read-only folder once left half a skeleton and a stack trace). They are staged first in
 * a hidden folder of the nearest folder that exists, on DIR's own file system, then moved into
 * place: what does not exist yet is renamed whole, a folder that exists is entered. A failure
 * undoes every move and removes the stage. Errors of the file system become an InitWriteError.
 */
export function writeAll(dir: string, files: ReadonlyMap<string, string>): void {
  const base = nearestFolder(dir);
  const stage = attempt(base, () => fs.mkdtempSync(path.join(base, '.fw-init-')));
  const moved: string[] = [];
  try {
    const staged = path.join(stage, path.relative(base, dir));
    for (const [relative, source] of files) {
      const target = path.join(staged, relative);
      attempt(path.join(dir, relative), () => {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.copyFileSync(source, target, fs.constants.COPYFILE_EXCL);
        fs.chmodSync(target, fs.statSync(source).mode & 0o777);
      });
    }
    moveInto(stage, base, moved);
  } catch (err) {
    for (const placed of moved.reverse()) fs.rmSync(placed, { recursive: true, force: true });
    throw err;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** Moves the entries of `from` into `to`: renamed whole where nothing is, entered where a folder is. */
function moveInto(from: string, to: string, moved: string[]): void {
  for (const name of fs.readdirSync(from)) {
    const source = path.join(from, name);
    const target = path.join(to, name);
    const existing = attempt(target, () => lstatOrUndefined(target));
    if (existing === undefined) {
      attempt(target, () => fs.renameSync(source, target));
      moved.push(target);
      continue;
    }
    // A link is followed to what it names; one that names nothing is no folder to write into.
    const folder = attempt(target, () => (existing.isSymbolicLink() ? fs.statSync(target) : existing)).isDirectory();
    if (!folder || !fs.statSync(source).isDirectory()) throw new InitWriteError(target, 'it exists already, and is not a folder');
    moveInto(source, target, moved);
  }
}

/** The nearest folder of `dir` (itself included) that exists; a dangling link or a file on the way is an InitWriteError. */
function nearestFolder(dir: string): string {
  for (let at = dir; ; at = path.dirname(at)) {
    const found = attempt(at, () => lstatOrUndefined(at));
    if (found !== undefined) {
      const target = attempt(at, () => (found.isSymbolicLink() ? fs.statSync(at) : found));
      if (!target.isDirectory()) throw new InitWriteError(at, 'it is not a folder');
      return at;
    }
    if (path.dirname(at) === at) return at;
  }
}

function lstatOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch (err) {
    if (fsErrorCode(err) === 'ENOENT') return undefined;
    throw err;
  }
}

/** Runs `act` on `where`; an error of the file system becomes an InitWriteError naming it. */
function attempt<T>(where: string, act: () => T): T {
  try {
    return act();
  } catch (err) {
    if (err instanceof InitWriteError || fsErrorCode(err) === undefined) throw err;
    const reason = fsErrorCode(err) === 'ENOENT' && isDanglingLink(where) ? 'a symbolic link to nothing (a dangling link)' : fsErrorReason(err);
    throw new InitWriteError(where, reason);
  }
}

function isDanglingLink(file: string): boolean {
  try {
    return fs.lstatSync(file).isSymbolicLink() && !fs.existsSync(file);
  } catch {
    return false;
  }
}
