import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The folder holding package.json: the repository when the adapter runs from its sources, the
 * installed package when it runs compiled from dist/ (which has no package.json of its own).
 */
export const PACKAGE_ROOT = ((): string => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${__dirname}`);
  }
})();
