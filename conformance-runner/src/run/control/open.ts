import { setTimeout as delay } from 'node:timers/promises';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FRAMEWORK_LOG, REFERENCE_ADAPTER_COMMAND, STDOUT_OUT, type CliOptions } from '../../config/options';
import { openTarget, stopAllTargets, TargetError, type Target } from '../../target';
import { Coverage } from '../coverage/coverage';

export type OpenedTargets = { target: Target; oracle?: Target } | { error: string };

/**
 * The targets of a run being opened, begun before the run's own modules load (cli/main.ts): an
 * adapter that takes a second or two to start (the reference compiles its sources, a PHP server
 * boots) does so while cucumber and the report renderers load, on the machine's other core.
 */
export interface Opening {
  /** Settles with the targets or with a message for the user; never rejects for a TargetError. */
  targets: Promise<OpenedTargets>;
  /** Collects the started target's coverage (--coverage). */
  coverage?: Coverage;
  /** performance.now() when the opening began: the run's wall time counts from here. */
  began: number;
  /**
   * Settles once the target's command is spawned, or once there is nothing to spawn (attached,
   * failed). Picking the port takes a few turns of the event loop: the caller lets them happen
   * before it loads the run's modules, or the adapter would only start once they are loaded.
   */
  spawned: Promise<void>;
}

/** Only what is light to load: this module is required before the run's (cucumber, renderers). */
export function beginOpening(options: CliOptions, cwd: string, repoRoot: string): Opening {
  const began = performance.now();
  const coverage = options.coverage ? new Coverage() : undefined;
  let onSpawned!: () => void;
  const spawned = new Promise<void>((resolve) => { onSpawned = resolve; });
  // Attaching spawns nothing: the run's modules need not wait for its first answer.
  if (options.start === undefined) onSpawned();
  const targets = openTargets(options, cwd, repoRoot, coverage, onSpawned);
  // Awaited later by the run; until then a rejection (a bug, not a TargetError) must not count as unhandled.
  targets.catch(() => undefined);
  void targets.finally(onSpawned).catch(() => undefined);
  return { targets, coverage, began, spawned };
}

/**
 * FW_LOG_DIR for a started adapter (protocol §1): the report folder, where it may leave its
 * framework's log as FRAMEWORK_LOG instead of the system's temporary folder. A log an earlier run
 * left there goes first, so that the folder never shows one beside reports it does not explain.
 * With --out - there is no folder: the adapter removes its log.
 */
function logDirEnv(options: CliOptions, cwd: string): Record<string, string> {
  if (options.start === undefined || options.out === STDOUT_OUT) return {};
  const dir = path.resolve(cwd, options.out);
  fs.rmSync(path.join(dir, FRAMEWORK_LOG), { force: true });
  return { FW_LOG_DIR: dir };
}

/** How long a run that ends before it starts waits for a target still starting, to stop it. */
const ABANDON_GRACE_MS = 5000;

/**
 * A run that ends before it starts (a usage error found after the opening began): whatever was
 * started is stopped, and a target that is still starting is stopped once it is there — without
 * waiting out a start that hangs (the CLI's exit handler kills what is left).
 */
export async function abandonOpening(opening: Opening): Promise<void> {
  const stopped = opening.targets.then(async (t) => {
    if ('error' in t) return;
    await Promise.all([t.target.stop(), t.oracle?.stop()]);
  }, () => undefined);
  await stopAllTargets();
  await Promise.race([stopped, delay(ABANDON_GRACE_MS, undefined, { ref: false })]);
  opening.coverage?.dispose();
}

async function openTargets(options: CliOptions, cwd: string, repoRoot: string, coverage: Coverage | undefined, onSpawned: () => void): Promise<OpenedTargets> {
  try {
    const target = await openTarget({
      target: options.target, token: options.token, start: options.start, cwd: options.startCwd ?? cwd,
      startTimeoutMs: options.startTimeoutMs, requestTimeoutMs: options.requestTimeoutMs,
      env: { ...coverage?.env(), ...logDirEnv(options, cwd) }, onSpawned,
    });
    if (options.oracle !== 'reference') return { target };
    try {
      const oracle = await openTarget({
        start: REFERENCE_ADAPTER_COMMAND, cwd: repoRoot,
        startTimeoutMs: options.startTimeoutMs, requestTimeoutMs: options.requestTimeoutMs,
      });
      return { target, oracle };
    } catch (err) {
      await target.stop();
      throw err;
    }
  } catch (err) {
    if (err instanceof TargetError) return { error: err.message };
    throw err;
  }
}
