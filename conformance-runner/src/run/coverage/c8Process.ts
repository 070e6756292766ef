import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { codeFile, NODE_LOADER_ARGS } from '../../config/layout';

/** What `c8 report` did: its exit status and what it printed (the text summary). */
export interface C8Result {
  status: number;
  stdout: string;
  stderr: string;
}

const MAX_OUTPUT = 16 * 1024 * 1024;

/**
 * `c8 report` in a child process, the run does not wait on it: it works on the other core while the
 * run attributes its results. standBy() starts the process early (c8Standby.ts loads c8 while the
 * suite runs); report() then hands it the arguments, or starts c8 afresh when no process stands by.
 */
export class C8Process {
  private standby?: { child: ChildProcess; root: string; result: Promise<C8Result>; alive: boolean };

  constructor(private readonly bin: string) {}

  /** Starts a process that loads c8 now and reports in `root` later. */
  standBy(root: string): void {
    if (this.standby !== undefined) return;
    const child = spawn(process.execPath, [...NODE_LOADER_ARGS, codeFile('conformance-runner/src/run/coverage/c8Standby'), this.bin], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    const standby = { child, root, alive: true, result: collect(child) };
    void standby.result.then(() => { standby.alive = false; });
    child.stdin!.on('error', () => { standby.alive = false; });
    this.standby = standby;
  }

  /** Runs `c8 <args>` in `root`: in the process standing by when there is one for `root`. */
  report(args: readonly string[], root: string): Promise<C8Result> {
    const standby = this.standby;
    if (standby === undefined || !standby.alive || standby.root !== root) return fresh(this.bin, args, root);
    this.standby = undefined;
    standby.child.stdin!.end(`${JSON.stringify(args)}\n`);
    return standby.result;
  }

  /** Ends a process still standing by (its stdin closing without arguments is its signal to go). */
  dispose(): void {
    this.standby?.child.stdin?.end();
    this.standby = undefined;
  }
}

function collect(child: ChildProcess): Promise<C8Result> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => { if (stdout.length < MAX_OUTPUT) stdout += chunk; });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { if (stderr.length < MAX_OUTPUT) stderr += chunk; });
    child.on('error', (err) => resolve({ status: 1, stdout, stderr: stderr || err.message }));
    child.on('close', (code) => resolve({ status: code ?? 1, stdout, stderr }));
  });
}

function fresh(bin: string, args: readonly string[], root: string): Promise<C8Result> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', maxBuffer: MAX_OUTPUT }, (err, stdout, stderr) => {
      resolve({ status: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}
