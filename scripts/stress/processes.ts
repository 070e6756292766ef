import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { timedRequest } from './net';
import { freePort } from '../../conformance-runner/src/target/freePort';
import { TYPESCRIPT_LOADER } from '../../conformance-runner/src/config/loader';

export const ROOT = path.resolve(__dirname, '..', '..');

/** A free loopback port (released just before the child binds it). */

export interface ServerSpec {
  readonly label: string;
  /** Entry point, relative to the repository root, run with scripts/register.js (ts-node). */
  readonly script: string;
  readonly env?: Readonly<Record<string, string>>;
  /** A GET that answers 200 once the server is up, and while it is healthy. */
  readonly readyPath: string;
  readonly readyHeaders?: Readonly<Record<string, string>>;
}

/**
 * One server under stress, as a child process of this script: started, watched (a death is
 * recorded with its exit code or signal), restarted when a case killed it, and always stopped.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private stderr = '';
  readonly deaths: string[] = [];
  port = 0;

  constructor(readonly spec: ServerSpec) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get alive(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    this.port = await freePort();
    this.stderr = '';
    const child = spawn(process.execPath, ['-r', TYPESCRIPT_LOADER, this.spec.script], {
      cwd: ROOT,
      env: { ...process.env, ...this.spec.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    child.stderr?.on('data', (d: Buffer) => { this.stderr = (this.stderr + d.toString()).slice(-2000); });
    child.on('exit', (code, signal) => {
      if (this.child === child && !this.stopping) {
        const last = this.stderr.trim().split('\n').filter(Boolean).slice(-1)[0] ?? '';
        this.deaths.push(`exited ${signal ?? `with ${code}`}${last ? `: ${last.slice(0, 160)}` : ''}`);
      }
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (!this.alive) throw new Error(`${this.spec.label} did not start: ${this.stderr.trim().slice(-500)}`);
      if ((await this.healthy(1000)) !== undefined) return;
      await sleep(250);
    }
    throw new Error(`${this.spec.label} did not answer GET ${this.spec.readyPath} within 60 s`);
  }

  /** Latency of one GET of the ready path, or undefined when it does not answer 200 in time. */
  async healthy(timeoutMs: number): Promise<number | undefined> {
    const r = await timedRequest(this.port, 'GET', this.spec.readyPath, { headers: this.spec.readyHeaders, timeoutMs });
    return r.status === '200' ? r.ms : undefined;
  }

  /** Restarts the server if a case killed it. */
  async ensure(): Promise<void> {
    if (!this.alive) await this.start();
  }

  rssMb(): number {
    const pid = this.pid;
    if (pid === undefined || !this.alive) return 0;
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    } catch {
      return 0;
    }
  }

  private stopping = false;

  async stop(): Promise<void> {
    const child = this.child;
    if (child === undefined || !this.alive) return;
    this.stopping = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
    this.stopping = false;
  }

  /** For process exit handlers: no waiting. */
  killNow(): void {
    if (this.alive) this.child?.kill('SIGKILL');
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
