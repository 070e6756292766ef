import * as fs from 'node:fs';
import * as path from 'node:path';
import * as http from 'node:http';
import { openTarget, type Target, type TargetOptions } from '../../src/target';

export const REPO = path.resolve(__dirname, '..', '..', '..');
export const FAKES = path.join(REPO, 'conformance-runner', 'test', 'fixtures', 'adapters');

/** The shell command that runs one fake adapter. */
export function fakeCommand(name: string): string {
  return `node ${JSON.stringify(path.join(FAKES, `${name}.js`))}`;
}

export function startFake(name: string, options: Omit<TargetOptions, 'start'> = {}): Promise<Target> {
  return openTarget({ start: fakeCommand(name), startTimeoutMs: 10_000, ...options });
}

/** Whether a process runs (zombies, which a container's init may never reap, do not count). */
export function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** 'refused' when nothing listens at the origin any more. */
export function probe(origin: string): Promise<'answered' | 'refused' | 'other'> {
  return new Promise((resolve) => {
    const req = http.get(`${origin}/__fw/info`, { agent: false }, (res) => { res.resume(); resolve('answered'); });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED' ? 'refused' : 'other'));
  });
}

/** Polls `condition` every 50 ms for up to `withinMs`; returns whether it became true. */
export async function eventually(condition: () => boolean | Promise<boolean>, withinMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** 'pending' if `promise` has not settled after `ms` (used to show that something did NOT happen). */
export async function stillPending(promise: Promise<unknown>, ms = 300): Promise<boolean> {
  const marker = Symbol('pending');
  const winner = await Promise.race([promise, new Promise((r) => setTimeout(() => r(marker), ms))]);
  return winner === marker;
}
