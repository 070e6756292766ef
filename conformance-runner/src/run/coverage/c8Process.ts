import { execFile } from 'node:child_process';

/** What `c8 report` did: its exit status and what it printed (the text summary). */
export interface C8Result {
  status: number;
  stdout: string;
  stderr: string;
}

const MAX_OUTPUT = 16 * 1024 * 1024;

/**
 * `c8 <args>` in `root`, through c8's command line (its front door: c8 has no programmatic API),
 * in a child process: it works on the other core while the run attributes its results.
 */
export function runC8(bin: string, args: readonly string[], root: string): Promise<C8Result> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', maxBuffer: MAX_OUTPUT }, (err, stdout, stderr) => {
      resolve({ status: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}
