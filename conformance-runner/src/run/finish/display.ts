import * as path from 'node:path';

/** A path relative to the working directory when it is below it, absolute otherwise: what the console and reports show. */
export function display(cwd: string, file: string): string {
  const rel = path.relative(cwd, file);
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}
