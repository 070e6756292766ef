import type { TargetProcess } from './TargetProcess';

/** Every adapter process started by this runner and not yet stopped. */
const running = new Set<TargetProcess>();

export function track(process: TargetProcess): void {
  running.add(process);
}

export function untrack(process: TargetProcess): void {
  running.delete(process);
}

/**
 * Stops every adapter this runner started (SIGTERM, then SIGKILL after the grace period). For the
 * CLI's SIGINT/SIGTERM handlers and `finally` blocks; it never exits the runner itself.
 */
export async function stopAllTargets(): Promise<void> {
  await Promise.all([...running].map(async (p) => {
    await p.stop();
    untrack(p);
  }));
}

/**
 * Synchronous last resort for `process.on('exit')`, where nothing can be awaited: signals every
 * started adapter's process group and returns at once.
 */
export function killAllTargetsSync(signal: NodeJS.Signals = 'SIGTERM'): void {
  for (const p of running) p.killNow(signal);
  running.clear();
}
