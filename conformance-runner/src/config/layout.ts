import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Where the command's files are, whether it runs from the TypeScript sources (a clone of the
 * repository, under scripts/register.js) or from the JavaScript `tsc` compiled into dist/ (the
 * installed package, which ships neither the sources nor a compiler). Everything that names one of
 * the command's own files or starts one of its processes asks here, so the two layouts cannot drift.
 */

/** The folder holding the package's package.json: the repository, or the installed package. */
export const PACKAGE_ROOT = packageRootOf(__dirname);

/** Running the compiled JavaScript (dist/) rather than the TypeScript sources. */
export const COMPILED = path.extname(__filename) === '.js';

/** The root the code's folders (conformance-runner/src, steps, reference) hang from. */
export const CODE_ROOT = COMPILED ? path.join(PACKAGE_ROOT, 'dist') : PACKAGE_ROOT;

/** The extension of the command's own code files. */
export const CODE_EXTENSION = COMPILED ? '.js' : '.ts';

/** The TypeScript loader (scripts/register.js); only the sources need it. */
export const TYPESCRIPT_LOADER = path.join(PACKAGE_ROOT, 'scripts', 'register.js');

/** `node` arguments a process of the command's own code needs before its entry file. */
export const NODE_LOADER_ARGS: readonly string[] = COMPILED ? [] : ['-r', TYPESCRIPT_LOADER];

/** The command's own code file `relative` (a path without extension, from the code root). */
export function codeFile(relative: string): string {
  return path.join(CODE_ROOT, `${relative}${CODE_EXTENSION}`);
}

/** The nearest folder upwards from `dir` with a package.json: dist/ has none of its own. */
export function packageRootOf(dir: string): string {
  for (let current = dir; ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, 'package.json'))) return current;
    if (path.dirname(current) === current) throw new Error(`no package.json above ${dir}`);
  }
}
