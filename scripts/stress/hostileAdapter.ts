import { spawn } from 'node:child_process';
import * as http from 'node:http';
import * as path from 'node:path';
import { TYPESCRIPT_LOADER } from '../../conformance-runner/src/cli/loader';
import { REFERENCE_ADAPTER_ENTRY } from '../../conformance-runner/src/cli/options';
import { freePort } from '../../conformance-runner/src/target/freePort';

/**
 * `node -r ./scripts/register.js scripts/stress/hostileAdapter.ts <mode>`: the reference adapter
 * behind a proxy that answers like a hostile framework would — valid protocol, unreasonable
 * content. The runner starts it like any adapter (PORT, TOKEN, HOST). Only loopback is used.
 */

/** One million characters: valid JSON, under the runner's 1 MiB read limit. */
const LONG = 1_000_000;
/** Half a million elements, `[0,0,…]`: 1,000,001 bytes. */
const ELEMENTS = 500_000;
/** What a hostile implementation name holds: terminal control sequences and Markdown links. */
export const HOSTILE_TEXT = '\u001b]0;pwned\u0007\u001b[2J\u0000\u0008\r[x](javascript:alert(1)) ![i](https://example.invalid/t.png) <b>`';

interface Answer { status: number; headers: Record<string, string | string[]>; body: Buffer }
type Mode = (req: { path: string; control: boolean }, res: Answer) => Answer;

function json(res: Answer): unknown {
  try { return JSON.parse(res.body.toString('utf8')); } catch { return undefined; }
}

function withBody(res: Answer, body: string): Answer {
  return { ...res, body: Buffer.from(body) };
}

/** The first string (value or member name) of a JSON document, made a million characters long. */
function lengthen(value: unknown, done: { yes: boolean }): unknown {
  if (done.yes) return value;
  if (typeof value === 'string') { done.yes = true; return value + 'x'.repeat(LONG); }
  if (Array.isArray(value)) return value.map((v) => lengthen(v, done));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => {
      if (!done.yes && typeof v !== 'string') { done.yes = true; return [k + 'y'.repeat(LONG), v]; }
      return [k, lengthen(v, done)];
    }));
  }
  return value;
}

export const MODES: Record<string, Mode> = {
  /** Every JSON answer of the application holds one string (or member name) of 1,000,000 characters; text answers too. */
  'long-strings': (req, res) => {
    if (req.control) return res;
    const data = json(res);
    if (data === undefined) return withBody(res, res.body.toString('utf8') + 'z'.repeat(LONG));
    return withBody(res, JSON.stringify(lengthen(data, { yes: false })));
  },
  /** Every JSON answer of the application is an array of 500,000 elements. */
  'huge-array': (req, res) => {
    if (req.control || json(res) === undefined) return res;
    return withBody(res, `[${new Array<string>(ELEMENTS).fill('0').join(',')}]`);
  },
  /** The implementation's name and version, and the framework's answers, hold terminal escapes and Markdown links. */
  'terminal': (req, res) => {
    if (req.control && req.path === '/__fw/info' && res.status === 200) {
      const info = json(res) as { implementation: Record<string, string> };
      info.implementation.name = `evil${HOSTILE_TEXT}`;
      info.implementation.version = `1${HOSTILE_TEXT}`;
      return withBody(res, JSON.stringify(info));
    }
    if (req.control) return res;
    return withBody(res, `${HOSTILE_TEXT}${res.body.toString('utf8')}`);
  },
  /** Every application answer carries a 1 MB X-Fw-Trace header. */
  'huge-trace': (req, res) => {
    if (req.control) return res;
    return { ...res, headers: { ...res.headers, 'x-fw-trace': 'T'.repeat(1024 * 1024) } };
  },
};

async function main(): Promise<void> {
  const name = process.argv[2] ?? '';
  const mode = MODES[name];
  if (!mode) {
    process.stderr.write(`hostile adapter: unknown mode "${name}" (known: ${Object.keys(MODES).join(', ')})\n`);
    process.exit(2);
  }
  const port = Number(process.env.PORT);
  const inner = await freePort();
  const child = spawn(process.execPath, ['-r', TYPESCRIPT_LOADER, REFERENCE_ADAPTER_ENTRY], {
    cwd: path.resolve(__dirname, '..', '..'), env: { ...process.env, PORT: String(inner), HOST: '127.0.0.1' }, stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code) => process.exit(code ?? 1));
  const stop = (): void => { child.kill('SIGTERM'); setTimeout(() => process.exit(0), 2000).unref(); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const server = http.createServer({ maxHeaderSize: 64 * 1024 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const forward = http.request({ host: '127.0.0.1', port: inner, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (c: Buffer) => body.push(c));
        answer.on('end', () => {
          const headers = { ...answer.headers } as Record<string, string | string[]>;
          delete headers['transfer-encoding'];
          delete headers['content-length'];
          const url = req.url ?? '/';
          const out = mode({ path: url.split('?')[0]!, control: url.startsWith('/__fw/') }, { status: answer.statusCode ?? 502, headers, body: Buffer.concat(body) });
          res.writeHead(out.status, { ...out.headers, 'content-length': String(out.body.length) });
          res.end(out.body);
        });
      });
      forward.on('error', (err) => { res.writeHead(502); res.end(String(err.message)); });
      forward.end(Buffer.concat(chunks));
    });
  });
  server.listen(port, process.env.HOST ?? '127.0.0.1');
}

if (require.main === module) void main();
