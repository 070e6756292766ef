import { attachTarget } from './attachTarget';
import { startTarget } from './startTarget';
import { TargetError } from './TargetError';
import type { Target, TargetOptions } from './types';

const USAGE = 'give either --start "<command>" (the runner starts the adapter) or --target <url> --token <token> (an adapter that is already running)';

/**
 * Opens the adapter a run talks to: starts it (`start`) or attaches to it (`target` + `token`).
 * Rejects only with TargetError, whose message is meant for the user as it is.
 */
export async function openTarget(options: TargetOptions): Promise<Target> {
  const { target, token, start } = options;
  if (start !== undefined && (target !== undefined || token !== undefined)) {
    throw new TargetError(`--start cannot be combined with --target/--token: ${USAGE}`);
  }
  if (start !== undefined) return startTarget(start, options);
  if (target === undefined && token === undefined) throw new TargetError(`no adapter given: ${USAGE}`);
  if (target === undefined) throw new TargetError(`--token needs --target <url>: ${USAGE}`);
  if (token === undefined) throw new TargetError(`--target needs --token <token> (the adapter's control-plane token, protocol §2): ${USAGE}`);
  return attachTarget(target, token, options.requestTimeoutMs);
}
