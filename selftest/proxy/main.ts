import * as http from 'node:http';
import * as path from 'node:path';
import { REQUEST_TRANSFORMS, TRANSFORMS, type ProxiedRequest, type RequestTransform, type Transform } from './transforms';
import { PATH_TRANSFORMS, type PathTransform } from './mechanisms';
import { startInnerReference } from './innerReference';

/**
 * `node -r ./scripts/register.js selftest/proxy/main.ts <transform> [adapter folder]`: starts the
 * reference adapter (of the given scratch copy, or of the repository) on a free port and serves
 * PORT itself, passing every request through and rewriting the answers with the transform. The
 * runner starts it like any adapter (PORT, TOKEN, HOST) and stops its process group.
 */
async function main(): Promise<void> {
  const [name, root = path.resolve(__dirname, '..', '..')] = process.argv.slice(2);
  // "a+b" applies both: two independent faults at once.
  const names = (name ?? '').split('+');
  const unknown = names.filter((n) => TRANSFORMS[n] === undefined && REQUEST_TRANSFORMS[n] === undefined && PATH_TRANSFORMS[n] === undefined);
  if (unknown.length > 0 || names.length === 0) {
    process.stderr.write(`selftest proxy: unknown transform "${unknown.join('+') || name}" (known: ${[...Object.keys(TRANSFORMS), ...Object.keys(REQUEST_TRANSFORMS), ...Object.keys(PATH_TRANSFORMS)].join(', ')})\n`);
    process.exit(2);
  }
  const answers = names.map((n) => TRANSFORMS[n]).filter((t): t is Transform => t !== undefined);
  const requests = names.map((n) => REQUEST_TRANSFORMS[n]).filter((t): t is RequestTransform => t !== undefined);
  const paths = names.map((n) => PATH_TRANSFORMS[n]).filter((t): t is PathTransform => t !== undefined);
  const transform: Transform = (req, res) => answers.reduce((r, t) => t(req, r), res);
  const rewrite = (req: ProxiedRequest, body: Buffer): Buffer => requests.reduce((b, t) => t(req, b), body);
  const port = Number(process.env.PORT);
  const host = process.env.HOST ?? '127.0.0.1';
  const inner = await startInnerReference(root);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const described = { method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]!, control: (req.url ?? '').startsWith('/__fw/') };
      // An application request may be routed on another path, or answered before any routing.
      let target = req.url ?? '/';
      for (const t of described.control ? [] : paths) {
        const r = t({ ...described, path: target });
        if ('answer' in r) {
          // The adapter in front of a framework traces every answer (protocol §3): nothing of the catalog ran.
          res.writeHead(r.answer.status, { 'x-fw-trace': '', ...r.answer.headers, 'content-length': String(r.answer.body.length) });
          res.end(r.answer.body);
          return;
        }
        target = r.path;
      }
      const sent = rewrite(described, Buffer.concat(chunks));
      const headers = { ...req.headers, ...(req.headers['content-length'] !== undefined ? { 'content-length': String(sent.length) } : {}) };
      const forward = http.request({ host: '127.0.0.1', port: inner, method: req.method, path: target, headers }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (c: Buffer) => body.push(c));
        answer.on('end', () => {
          const headers = { ...answer.headers } as Record<string, string | string[]>;
          delete headers['transfer-encoding'];
          const out = transform({ ...described, body: sent },
            { status: answer.statusCode ?? 502, headers, body: Buffer.concat(body) });
          res.writeHead(out.status, { ...out.headers, 'content-length': String(out.body.length) });
          res.end(out.body);
        });
      });
      forward.on('error', (err) => { res.writeHead(502); res.end(String(err.message)); });
      forward.end(sent);
    });
  });
  server.listen(port, host);
}


void main();
