import { spawn, type ChildProcess } from 'node:child_process';
import { OutputTail } from './OutputTail';
import { publishAdapterOutput } from './adapterOutput';
import { Reaper } from './reaper';
import { groupAlive, signalGroup } from './processGroup';
import type { TargetDeath } from './types';

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the shell itself could not be started. */
  error?: string;
}

export interface SpawnOptions {
  cwd?: string;
  env: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

/** After the shell exits, how long to wait for its last output before reporting. */
const OUTPUT_SETTLE_MS = 1000;
/** After SIGKILL, how long to wait for the group to disappear. */
const KILL_WAIT_MS = 2000;
const GROUP_POLL_MS = 50;

/**
 * An adapter command run through /bin/sh as the leader of its own process group, with its output
 * kept in a bounded tail. stop() ends the whole group and waits for it to be gone, so that a
 * wrapper such as c8 gets to write its coverage before the runner goes on.
 */
export class TargetProcess {
  readonly output: OutputTail;
  /** The shell's exit (or its failure to start). */
  readonly exited: Promise<ExitStatus>;
  /** Resolves only when the process exits before stop() was called. */
  readonly died: Promise<TargetDeath>;
  private readonly child: ChildProcess;
  private readonly closed: Promise<void>;
  private exitStatus?: ExitStatus;
  private stopRequested = false;
  private stopping?: Promise<void>;
  private reaper?: Reaper;

  constructor(readonly command: string, options: SpawnOptions) {
    this.output = new OutputTail(100, 2000, (line, stream) => {
      options.log?.(line);
      if (stream === 'stderr') publishAdapterOutput(line);
    });
    // detached: the shell becomes a process-group leader, so one signal reaches the whole tree.
    this.child = spawn('/bin/sh', ['-c', command], {
      cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (this.child.pid !== undefined) this.reaper = new Reaper(this.child.pid);
    this.child.stdout?.on('data', (chunk: Buffer) => this.output.write('stdout', chunk));
    this.child.stderr?.on('data', (chunk: Buffer) => this.output.write('stderr', chunk));

    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitStatus ??= { code, signal };
        resolve(this.exitStatus);
      });
      this.child.once('error', (err) => {
        this.exitStatus ??= { code: null, signal: null, error: err.message };
        resolve(this.exitStatus);
      });
    });
    // 'close' comes once every process holding the output pipes is gone (or the spawn failed).
    this.closed = new Promise((resolve) => {
      this.child.once('close', () => resolve());
      this.child.once('error', () => resolve());
    });
    this.died = new Promise((resolve) => {
      void this.exited.then(async (status) => {
        if (this.stopRequested) return; // stays pending: nothing died, we ended it
        await Promise.race([this.closed, delay(OUTPUT_SETTLE_MS)]);
        resolve({ code: status.code, signal: status.signal, outputTail: this.outputTail() });
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get hasExited(): boolean {
    return this.exitStatus !== undefined;
  }

  outputTail(): string {
    return this.output.text();
  }

  /**
   * SIGTERM to the group, wait up to `graceMs` for every member to exit and the pipes to close,
   * then SIGKILL. Idempotent: every call returns the same promise.
   */
  stop(graceMs = 5000): Promise<void> {
    this.stopRequested = true;
    this.stopping ??= this.terminate(graceMs).finally(() => this.reaper?.release());
    return this.stopping;
  }

  /** Last resort for a runner that is exiting right now and cannot wait. */
  killNow(signal: NodeJS.Signals = 'SIGTERM'): void {
    this.stopRequested = true;
    const pid = this.pid;
    if (pid !== undefined) signalGroup(pid, signal);
  }

  private async terminate(graceMs: number): Promise<void> {
    const pid = this.pid;
    if (pid === undefined) return; // never started
    if (!this.hasExited || groupAlive(pid)) signalGroup(pid, 'SIGTERM');
    if (await this.gone(pid, graceMs)) return;
    signalGroup(pid, 'SIGKILL');
    await this.gone(pid, KILL_WAIT_MS);
  }

  /** Waits until the shell exited, its pipes closed and no member of the group runs. */
  private async gone(pid: number, withinMs: number): Promise<boolean> {
    const deadline = Date.now() + withinMs;
    let closed = false;
    void this.closed.then(() => { closed = true; });
    // The usual end is the shell's exit and its pipes closing: looked for when they come, not at
    // the next poll (the run waited up to 50 ms more for every adapter it stopped).
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([this.exited, this.closed]),
      new Promise<void>((resolve) => { waited = setTimeout(resolve, withinMs); }),
    ]);
    clearTimeout(waited);
    for (;;) {
      if (this.hasExited && closed && !groupAlive(pid)) return true;
      if (Date.now() >= deadline) return false;
      await delay(GROUP_POLL_MS);
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
