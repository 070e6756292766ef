import { spawn } from 'node:child_process';
import * as http from 'node:http';
import * as path from 'node:path';
import { TRANSFORMS } from './transforms';
import { freePort } from '../../conformance-runner/src/target/freePort';
import { TYPESCRIPT_LOADER } from '../../conformance-runner/src/cli/loader';
import { REFERENCE_ADAPTER_ENTRY } from '../../conformance-runner/src/cli/options';

/**
 * `node -r ./scripts/register.js selftest/proxy/main.ts <transform> [adapter folder]`: starts the
 * reference adapter (of the given scratch copy, or of the repository) on a free port and serves
 * PORT itself, passing every request through and rewriting the answers with the transform. The
 * runner starts it like any adapter (PORT, TOKEN, HOST) and stops its process group.
 */
async function main(): Promise<void> {
  const [name, root = path.resolve(__dirname, '..', '..')] = process.argv.slice(2);
  const transform = TRANSFORMS[name ?? ''];
  if (!transform) {
    process.stderr.write(`selftest proxy: unknown transform "${name}" (known: ${Object.keys(TRANSFORMS).join(', ')})\n`);
    process.exit(2);
  }
  const port = Number(process.env.PORT);
  const host = process.env.HOST ?? '127.0.0.1';
  const inner = await freePort();
  const child = spawn(process.execPath, ['-r', TYPESCRIPT_LOADER, REFERENCE_ADAPTER_ENTRY], {
    cwd: root, env: { ...process.env, PORT: String(inner) }, stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code) => process.exit(code ?? 1));
  const stop = (): void => { child.kill('SIGTERM'); setTimeout(() => process.exit(0), 2000).unref(); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const forward = http.request({ host: '127.0.0.1', port: inner, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (c: Buffer) => body.push(c));
        answer.on('end', () => {
          const headers = { ...answer.headers } as Record<string, string | string[]>;
          delete headers['transfer-encoding'];
          const out = transform({ method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]!, control: (req.url ?? '').startsWith('/__fw/') },
            { status: answer.statusCode ?? 502, headers, body: Buffer.concat(body) });
          res.writeHead(out.status, { ...out.headers, 'content-length': String(out.body.length) });
          res.end(out.body);
        });
      });
      forward.on('error', (err) => { res.writeHead(502); res.end(String(err.message)); });
      forward.end(Buffer.concat(chunks));
    });
  });
  server.listen(port, host);
}


void main();
