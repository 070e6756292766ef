import * as fs from 'node:fs';
import * as path from 'node:path';

/** The temporary files writeFileAtomic makes: `.<name>.<pid>.<random>.tmp`. */
const TEMPORARY = /^\..+\.(\d+)\.[a-z0-9]*\.tmp$/;

/**
 * Removes the previous run's reports from `dir` before this run writes its own, conformance.json
 * (the file that says a set is complete) first, and the temporary files a killed run left behind.
 * A run killed while writing (SIGKILL, a power cut) then leaves some of its own files and no
 * conformance.json, never the previous run's conformance.json beside newer files. Temporary files
 * of a process still running (another run writing into the same folder) are left alone.
 */
export function clearReportSet(dir: string, files: readonly string[]): void {
  const ordered = [...files].sort((a, b) => Number(b === 'conformance.json') - Number(a === 'conformance.json'));
  for (const name of ordered) fs.rmSync(path.join(dir, name), { force: true });
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const m = TEMPORARY.exec(name);
    if (m && !isRunning(Number(m[1]))) fs.rmSync(path.join(dir, name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
