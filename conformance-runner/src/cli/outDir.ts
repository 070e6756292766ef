import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Why the reports could not be written into `dir`, or undefined when they can: asked before the
 * target starts, so that a bad --out costs a line and exit 2 instead of a whole run ending in an
 * internal error. Nothing is created: only the nearest existing folder is looked at.
 */
export function outDirProblem(dir: string): string | undefined {
  let existing = path.resolve(dir);
  for (;;) {
    const problem = entryProblem(existing);
    if (problem === 'missing') {
      const parent = path.dirname(existing);
      if (parent === existing) return `${existing} does not exist`;
      existing = parent;
      continue;
    }
    if (problem !== undefined) return problem;
    break;
  }
  try {
    fs.accessSync(existing, fs.constants.W_OK | fs.constants.X_OK);
  } catch (err) {
    return `${existing} is not writable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
  }
  return undefined;
}

/** undefined for a folder that exists (links followed), 'missing' for nothing there, otherwise why it cannot hold files. */
function entryProblem(p: string): string | 'missing' | undefined {
  let link: fs.Stats;
  try {
    link = fs.lstatSync(p);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'missing';
    if (code === 'ENOTDIR') return `${path.dirname(p)} is not a directory`;
    return `${p} cannot be examined (${code ?? (err as Error).message})`;
  }
  if (link.isSymbolicLink()) {
    try {
      if (!fs.statSync(p).isDirectory()) return `${p} is a symbolic link to something that is not a directory`;
      return undefined;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') return `${p} is a symbolic link loop`;
      if (code === 'ENOENT') return `${p} is a dangling symbolic link (to ${safeReadlink(p)})`;
      return `${p} is a symbolic link that cannot be followed (${code ?? (err as Error).message})`;
    }
  }
  return link.isDirectory() ? undefined : `${p} is not a directory`;
}

function safeReadlink(p: string): string {
  try {
    return fs.readlinkSync(p);
  } catch {
    return 'an unreadable target';
  }
}
