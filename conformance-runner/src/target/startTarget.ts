import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { explainInfoFailure } from './explainInfoFailure';
import { freePort } from './freePort';
import { quoteOutput } from './OutputTail';
import { track, untrack } from './registry';
import { TargetError } from './TargetError';
import { TargetProcess, type ExitStatus } from './TargetProcess';
import type { Target, TargetOptions } from './types';
import { waitForInfo } from './waitForInfo';

const DEFAULT_START_TIMEOUT_MS = 30_000;
const DEFAULT_STOP_TIMEOUT_MS = 5_000;

/**
 * Starts the adapter command with PORT, TOKEN and HOST (protocol §1), waits until GET /__fw/info
 * answers 200, and validates that answer. Any failure stops what was started and becomes a
 * TargetError naming the command, what happened and the command's last output.
 */
export async function startTarget(command: string, options: TargetOptions = {}): Promise<Target> {
  if (command.trim() === '') throw new TargetError('--start was given an empty command');
  const cwd = options.cwd === undefined ? undefined : path.resolve(options.cwd);
  if (cwd !== undefined && !isDirectory(cwd)) {
    throw new TargetError(`cannot start the adapter: the working directory ${cwd} does not exist`);
  }
  const startTimeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const stopTimeoutMs = options.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
  const port = await freePort();
  const token = randomBytes(16).toString('hex');
  const origin = `http://127.0.0.1:${port}`;
  const log = options.log;
  log?.(`starting adapter: ${command} (PORT=${port})`);

  const proc = new TargetProcess(command, {
    cwd,
    env: { ...process.env, ...options.env, PORT: String(port), TOKEN: token, HOST: '127.0.0.1' },
    log,
  });
  track(proc);
  options.onSpawned?.();
  const fail = async (message: string, cause?: unknown): Promise<never> => {
    await proc.stop(stopTimeoutMs);
    untrack(proc);
    const outputTail = proc.outputTail();
    throw new TargetError(`${message}\nLast output of the command:\n${quoteOutput(outputTail)}`, { outputTail, cause });
  };

  // The HTTP client (undici, the schemas) loads while the adapter starts, not before it is spawned.
  const clientModule = import('../protocol/AdapterClient');
  clientModule.catch(() => undefined); // awaited below; a start that fails first never looks at it
  const abort = new AbortController();
  const exitedEarly = proc.exited.then((status) => { abort.abort(); return status; });
  const outcome = await waitForInfo({ origin, token, timeoutMs: startTimeoutMs, signal: abort.signal });
  if (outcome.kind === 'aborted') {
    const status = await exitedEarly;
    // Give its last words a moment to arrive through the pipes.
    await Promise.race([proc.died, delay(1000)]);
    return fail(`the adapter command "${command}" ${describeExit(status)} before answering GET /__fw/info on port ${port}`);
  }
  abort.abort(); // nothing more to wait for; lets exitedEarly's listener go
  if (outcome.kind === 'timed-out' && outcome.answered) {
    return fail(`the adapter command "${command}" answers on port ${port}, but GET /__fw/info did not answer 200 within ${seconds(startTimeoutMs)} s ` +
      `(last answer: ${outcome.lastAttempt}). With "Authorization: Bearer $TOKEN" it must answer 200 and the info message (protocol §2.2)`);
  }
  if (outcome.kind === 'timed-out') {
    return fail(`the adapter command "${command}" did not answer on port ${port} within ${seconds(startTimeoutMs)} s ` +
      `(last attempt: ${outcome.lastAttempt}). It must listen on $HOST:$PORT from its environment (protocol §1)`);
  }
  if (outcome.kind === 'server-error') {
    const body = firstLine(outcome.body);
    return fail(`the adapter command "${command}" is up on port ${port}, but GET /__fw/info answered ${outcome.status}${body === '' ? '' : ` (${body})`}: ` +
      'the adapter fails before it can answer (its framework is missing or does not load: see its output below), and every request would fail the same way');
  }
  if (outcome.kind === 'token-refused') {
    return fail(`the adapter command "${command}" answers on port ${port} but refused the token it was given: GET /__fw/info answered 401. ` +
      'It must accept "Authorization: Bearer $TOKEN" with TOKEN taken from its environment (protocol §1, §2)');
  }

  const { AdapterClient } = await clientModule;
  const client = new AdapterClient({ url: origin, token, requestTimeoutMs: options.requestTimeoutMs });
  let info;
  try {
    info = await client.info();
  } catch (err) {
    await client.close();
    const explained = explainInfoFailure(err, `${origin} (started with "${command}")`);
    return fail(explained.message, err);
  }
  log?.(`adapter ready: ${info.implementation.name} ${info.implementation.version} on ${origin}`);

  let stopping: Promise<void> | undefined;
  return {
    address: client.address,
    info,
    client,
    died: proc.died,
    outputTail: () => proc.outputTail(),
    // Together: closing the client waits for requests in flight, which end once the process does.
    stop: () => (stopping ??= Promise.allSettled([client.close(), proc.stop(stopTimeoutMs)]).then(() => untrack(proc))),
  };
}

export function describeExit(status: ExitStatus): string {
  if (status.error !== undefined) return `could not be started (${status.error})`;
  if (status.signal !== null) return `was killed by ${status.signal}`;
  return `exited with code ${status.code}`;
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** The first non-empty line of a body, without HTML tags, clipped: what an error page says first. */
function firstLine(body: string): string {
  const line = body.replace(/<[^>]*>/g, '').split(/\r?\n/).map((l) => l.trim()).find((l) => l !== '') ?? '';
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
