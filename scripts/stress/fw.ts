import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './processes';

/** What one fw-conformance command did. */
export interface FwRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: Buffer;
  /** From start to exit. */
  ms: number;
  /** Peak resident memory of the runner process (VmHWM, sampled every 100 ms), MB. */
  peakMb: number;
  /** From the signal sent by `signalAfterMs` to exit. */
  afterSignalMs?: number;
}

export interface FwOptions {
  /** Killed with SIGKILL past this (the case then fails on the exit it sees). */
  timeoutMs: number;
  /** Sends `signal` this long after start. */
  signalAfterMs?: number;
  signal?: NodeJS.Signals;
  /** Sends `signal` once this returns true (polled every 5 ms). */
  signalWhen?: () => boolean;
  /** More environment for the command. */
  env?: Readonly<Record<string, string>>;
}

/** The reference adapter with its answers rewritten in `mode` (scripts/stress/hostileAdapter.ts), as a --start command. */
export function hostileStart(mode: string): string {
  return `node -r ./scripts/register.js scripts/stress/hostileAdapter.ts ${mode}`;
}

export const REFERENCE_START = 'node -r ./scripts/register.js reference/adapter/main.ts';

/** Runs `fw-conformance args...` from the repository root; the adapters it starts listen on 127.0.0.1 only. */
export function runFw(args: readonly string[], options: FwOptions): Promise<FwRun> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(ROOT, 'conformance-runner', 'bin', 'fw-conformance.js'), ...args], {
      cwd: ROOT, env: { ...process.env, HOST: '127.0.0.1', ...options.env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    let peakKb = 0;
    let signalledAt: number | undefined;
    const signal = (): void => {
      if (signalledAt !== undefined) return;
      signalledAt = performance.now();
      child.kill(options.signal ?? 'SIGTERM');
    };
    const sampler = setInterval(() => {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peakKb = Math.max(peakKb, Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      } catch {
        // Gone already.
      }
    }, 100);
    const poll = options.signalWhen ? setInterval(() => { if (options.signalWhen!()) signal(); }, 5) : undefined;
    const timer = options.signalAfterMs !== undefined ? setTimeout(signal, options.signalAfterMs) : undefined;
    const guard = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('exit', (code, sig) => {
      const ended = performance.now();
      for (const t of [sampler, poll]) if (t) clearInterval(t);
      for (const t of [timer, guard]) if (t) clearTimeout(t);
      // Let the pipes drain.
      setImmediate(() => resolve({
        code, signal: sig, stdout: Buffer.concat(out), stderr: Buffer.concat(err), ms: ended - started, peakMb: Math.round(peakKb / 1024),
        ...(signalledAt !== undefined ? { afterSignalMs: ended - signalledAt } : {}),
      }));
    });
  });
}

/** The reports of a run: which of the seven exist, and conformance.json parsed (or why not). */
export function readReports(dir: string): { files: string[]; json?: { complete?: boolean; scenarios?: Array<{ message?: string | null }>; incompleteReason?: string | null }; problem?: string } {
  const names = ['conformance.json', 'conformance.md', 'conformance.html', 'badge.svg', 'junit.xml', 'cucumber.ndjson', 'cucumber.html'];
  const files = names.filter((n) => fs.existsSync(path.join(dir, n)));
  try {
    return { files, json: JSON.parse(fs.readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as never };
  } catch (err) {
    return { files, problem: (err as Error).message };
  }
}

/** Bytes of a stream a terminal would act on: control characters other than line feed and tab. */
export function controlBytes(text: Buffer): number {
  let n = 0;
  for (const b of text) if ((b < 0x20 && b !== 0x0a && b !== 0x09) || b === 0x7f) n += 1;
  return n;
}
