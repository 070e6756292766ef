import * as http from 'node:http';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startInnerReference } from '../selftest/proxy/innerReference';

/**
 * A slow target for `npm run bench:latency`: the reference adapter behind a proxy that holds every
 * application request (protocol §3: a path outside /__fw/) for FW_DELAY_MS before it passes it on,
 * as a framework that takes that long per request would (a full application, a database). Control
 * calls pass at once. The runner starts it like any adapter (PORT, TOKEN, HOST) and stops its
 * process group; what the adapter declares (info) reaches the runner unchanged.
 *
 *   FW_DELAY_MS=50 node -r ./scripts/register.js bench/latencyProxy.ts
 */
async function main(): Promise<void> {
  const delayMs = Number(process.env.FW_DELAY_MS ?? 0);
  if (!Number.isFinite(delayMs) || delayMs < 0) {
    process.stderr.write(`latency proxy: FW_DELAY_MS must be a number of milliseconds, got "${process.env.FW_DELAY_MS}"\n`);
    process.exit(2);
  }
  const root = path.resolve(__dirname, '..');
  const inner = await startInnerReference(root);
  // Connections to the adapter are kept: the proxy should cost the machine little besides the wait.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const application = !(req.url ?? '/').startsWith('/__fw/');
      void (application && delayMs > 0 ? delay(delayMs) : Promise.resolve()).then(() => {
        const body = Buffer.concat(chunks);
        const forward = http.request({ host: '127.0.0.1', port: inner, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
          const headers = { ...answer.headers };
          delete headers['transfer-encoding'];
          delete headers.connection;
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            const out = Buffer.concat(parts);
            res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': String(out.length) });
            res.end(out);
          });
        });
        forward.on('error', (err) => { res.writeHead(502); res.end(String(err.message)); });
        forward.end(body);
      });
    });
  });
  server.keepAliveTimeout = 10_000;
  server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
}

void main();
