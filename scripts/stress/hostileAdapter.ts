import { spawn } from 'node:child_process';
import * as http from 'node:http';
import * as path from 'node:path';
import { TYPESCRIPT_LOADER } from '../../conformance-runner/src/config/loader';
import { REFERENCE_ADAPTER_ENTRY } from '../../conformance-runner/src/config/options';
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

/** `body` in parts: a million characters spliced into an answer are written, never copied into a new buffer. */
interface Answer { status: number; headers: Record<string, string | string[]>; body: Buffer | Buffer[] }
type Mode = (req: { path: string; control: boolean }, res: Answer) => Answer;

/** An answer's body in one buffer (answers from the adapter come in one; only the modes split them). */
function whole(res: Answer): Buffer {
  return Array.isArray(res.body) ? Buffer.concat(res.body) : res.body;
}

function json(res: Answer): unknown {
  try { return JSON.parse(whole(res).toString('utf8')); } catch { return undefined; }
}

function withBody(res: Answer, body: string | Buffer | Buffer[]): Answer {
  return { ...res, body: typeof body === 'string' ? Buffer.from(body) : body };
}

// Made once: the proxy must cost next to nothing, so that a run's time is the runner's and the adapter's.
const LONG_VALUE = Buffer.from('x'.repeat(LONG));
const LONG_TEXT = Buffer.from('z'.repeat(LONG));
const HUGE_ARRAY = Buffer.from(`[${new Array<string>(ELEMENTS).fill('0').join(',')}]`);
const FIRST_VALUE = Buffer.from('":"');

/**
 * The first string value of a JSON object (`"action":"` in an echo) made a million characters
 * longer, without parsing: the bytes are spliced in. Other JSON (arrays, numbers) stays as it is.
 */
function lengthen(body: Buffer): Buffer[] {
  const at = body.indexOf(FIRST_VALUE);
  if (at < 0) return [body];
  const cut = at + FIRST_VALUE.length;
  return [body.subarray(0, cut), LONG_VALUE, body.subarray(cut)];
}

function isJson(res: Answer): boolean {
  const type = res.headers['content-type'];
  return typeof type === 'string' && type.includes('json');
}

export const MODES: Record<string, Mode> = {
  /** Every JSON answer of the application holds one string of 1,000,000 characters more; text answers too. */
  'long-strings': (req, res) => {
    if (req.control) return res;
    return withBody(res, isJson(res) ? lengthen(whole(res)) : [whole(res), LONG_TEXT]);
  },
  /** The first member name of every JSON object the application answers is 1,000,000 characters longer. */
  'long-names': (req, res) => {
    if (req.control || !isJson(res)) return res;
    const body = whole(res);
    const at = body.indexOf('{"');
    return at < 0 ? res : withBody(res, [body.subarray(0, at + 2), LONG_VALUE, body.subarray(at + 2)]);
  },
  /** Every JSON answer of the application is an array of 500,000 elements. */
  'huge-array': (req, res) => {
    if (req.control || !isJson(res)) return res;
    return withBody(res, HUGE_ARRAY);
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
    return withBody(res, `${HOSTILE_TEXT}${whole(res).toString('utf8')}`);
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
          const parts = Array.isArray(out.body) ? out.body : [out.body];
          res.writeHead(out.status, { ...out.headers, 'content-length': String(parts.reduce((n, p) => n + p.length, 0)) });
          // Corked: the parts leave in one writev, as one buffer would.
          res.cork();
          for (const part of parts) res.write(part);
          res.end();
          res.uncork();
        });
      });
      forward.on('error', (err) => { res.writeHead(502); res.end(String(err.message)); });
      forward.end(Buffer.concat(chunks));
    });
  });
  server.listen(port, process.env.HOST ?? '127.0.0.1');
}

if (require.main === module) void main();
