import { spawn } from 'node:child_process';
import { freePort } from '../../conformance-runner/src/target/freePort';
import { TYPESCRIPT_LOADER } from '../../conformance-runner/src/config/loader';
import { REFERENCE_ADAPTER_ENTRY } from '../../conformance-runner/src/config/options';

/**
 * The reference adapter (of `root`: a scratch copy, or the repository) started on a free port
 * behind a proxy of this process, for the self-test's fault proxy and the latency bench's delaying
 * one. The proxy's process ends with the adapter's, and stops it on SIGTERM and SIGINT (the runner
 * stops a started target's process group).
 */
export async function startInnerReference(root: string): Promise<number> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-r', TYPESCRIPT_LOADER, REFERENCE_ADAPTER_ENTRY], {
    cwd: root, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code) => process.exit(code ?? 1));
  const stop = (): void => { child.kill('SIGTERM'); setTimeout(() => process.exit(0), 2000).unref(); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return port;
}
