import type { AdapterClient, Info, TargetAddress } from '../protocol';

export interface TargetOptions {
  /** Attach: base URL of a running adapter (http only), for example http://127.0.0.1:8080. */
  target?: string;
  /** Attach: the control-plane token the running adapter was given. */
  token?: string;
  /** Start: a shell command that starts the adapter; it gets PORT, TOKEN and HOST in its environment. */
  start?: string;
  /** Start: working directory of the command (default: the runner's). */
  cwd?: string;
  /** Start: how long the adapter may take to answer GET /__fw/info (default 30000 ms). */
  startTimeoutMs?: number;
  /** Start: how long stop() waits after SIGTERM before SIGKILL (default 5000 ms, protocol §1). */
  stopTimeoutMs?: number;
  /** Per-request timeout of the AdapterClient (its default when absent). */
  requestTimeoutMs?: number;
  /** Start: extra environment for the command (PORT, TOKEN and HOST always win). */
  env?: Record<string, string>;
  /** Receives every line the started adapter prints, and the layer's own progress notes. */
  log?: (line: string) => void;
  /** Start: called once the command is spawned (it then boots while the caller goes on). */
  onSpawned?: () => void;
}

/** How a started adapter ended when nobody asked it to. */
export interface TargetDeath {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last lines it printed (stdout and stderr). */
  outputTail: string;
}

/** An adapter the runner talks to for a whole run, started by the runner or already running. */
export interface Target {
  address: TargetAddress;
  /** GET /__fw/info, validated against info.schema.json, protocol checked. */
  info: Info;
  client: AdapterClient;
  /** Resolves when a started process exits before stop() was called; never resolves otherwise. */
  died: Promise<TargetDeath>;
  /** The last lines a started adapter printed ('' when attached). */
  outputTail(): string;
  /** Stops a started adapter (its whole process tree) and closes the client. Idempotent. */
  stop(): Promise<void>;
}
