import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Writes a file so that a reader (a CI upload, a browser) sees either the old or the new whole
 * file, never a torn one: a temporary file in the same directory, then rename() over the target.
 */
export function writeFileAtomic(file: string, data: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    fs.writeFileSync(temp, data);
    fs.renameSync(temp, file);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}
