import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after } from 'node:test';

/*
 * Temporary folders for tests, removed when the test file is done: `npm test` fails a phase that
 * leaves anything in its temporary folder (scripts/test.ts), and a run's reports (e2e runs, up to
 * 4.6 MB each) must not pile up in /tmp. Imported at the top of a test file, the `after` hook below
 * belongs to that file's root test, so it runs once every test of the file has finished, whatever
 * they did; the 'exit' handler covers a file that stops before its hooks run.
 */

const made = new Set<string>();

function removeAll(): void {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  made.clear();
}

after(removeAll);
process.on('exit', removeAll);

/** A fresh folder under the system's temporary folder, `<prefix>XXXXXX`, removed after the file's tests. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.add(dir);
  return dir;
}
