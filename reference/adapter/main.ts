import { setFlagsFromString } from 'node:v8';
import { createAdapterServer } from './AdapterServer';
import { buildApplication } from './buildApplication';

/**
 * The reference implementation's protocol-2 adapter. Started by the runner with PORT, TOKEN and
 * HOST in the environment (docs/adapter-protocol.md §1).
 */
function main(): void {
  // The adapter lives for one run of the suite, a few thousand requests: TurboFan's compiles (on
  // background threads that share the cores with the runner) would mostly never pay back, so only
  // code that proves hotter than V8's default budget (66 KiB of bytecode) is optimized. As in the
  // runner's bin/fw-conformance.js; left alone on a V8 that may no longer know the flag. A seam
  // into V8: conformance-runner/src/vendor-seams/v8InterruptBudget.ts says what it buys and tests it.
  if (Number(process.versions.v8.split('.')[0]) <= 13) setFlagsFromString(`--interrupt-budget=${8 * 66 * 1024}`);
  const port = Number(process.env.PORT ?? '8181');
  const host = process.env.HOST ?? '127.0.0.1';
  const token = process.env.TOKEN;
  if (!token) {
    process.stderr.write('fw-reference adapter: set TOKEN (the control-plane secret) in the environment\n');
    process.exit(2);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`fw-reference adapter: PORT must be a TCP port number, got "${process.env.PORT}"\n`);
    process.exit(2);
  }
  const server = createAdapterServer({ token, build: buildApplication });
  server.keepAliveTimeout = 30_000;
  server.on('error', (err) => {
    process.stderr.write(`fw-reference adapter: ${err.message}\n`);
    process.exit(1);
  });
  server.listen(port, host, () => {
    process.stdout.write(`fw-reference adapter listening on http://${host}:${port}\n`);
  });
  // Exit 0 on SIGTERM/SIGINT so that V8 writes coverage data when the runner stops us under c8.
  const stop = (): void => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
