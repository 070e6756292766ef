import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A guard for an adapter's process group that outlives the runner: a tiny shell that waits for
 * its stdin, a pipe from the runner, to close. The pipe closes however the runner ends, including
 * the ways no exit handler sees (SIGKILL, V8 running out of heap); the guard then stops the group
 * (SIGTERM, SIGKILL after the grace period), so no adapter is ever left running. When the runner
 * stopped the group itself, the guard finds it gone and exits at once.
 */
const SCRIPT = [
  'while read -r _; do :; done',                 // until EOF: the runner is gone or done
  'kill -0 "-$0" 2>/dev/null || exit 0',      // the group ended already
  'kill -TERM "-$0" 2>/dev/null',
  'i=0; while [ $i -lt 30 ] && kill -0 "-$0" 2>/dev/null; do sleep 0.1; i=$((i+1)); done',
  'kill -KILL "-$0" 2>/dev/null; exit 0',
].join('\n');

export class Reaper {
  private readonly child: ChildProcess;

  constructor(pgid: number) {
    // Its own group: a Ctrl-C in the terminal is the runner's to handle, not the guard's.
    this.child = spawn('/bin/sh', ['-c', SCRIPT, String(pgid)], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    this.child.on('error', () => { /* no guard: the runner's own stop() remains */ });
    this.child.stdin?.on('error', () => { /* the guard is gone */ });
    // Neither the guard nor its pipe may keep the runner alive.
    this.child.unref();
    (this.child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  }

  /** The group was stopped: let the guard go. */
  release(): void {
    this.child.stdin?.end();
  }
}
