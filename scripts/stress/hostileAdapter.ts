import { createAdapterServer } from '../../reference/adapter/AdapterServer';
import { buildApplication } from '../../reference/adapter/buildApplication';
import { hookAnswers, type Answer, type AnsweredRequest } from './answerHook';

/**
 * `node -r ./scripts/register.js scripts/stress/hostileAdapter.ts <mode>`: the reference adapter
 * whose answers are rewritten, in its own process, as a hostile framework would write them —
 * valid protocol, unreasonable content (answerHook.ts). The runner starts it like any adapter
 * (PORT, TOKEN, HOST). Only loopback is used.
 */

/** One million characters: valid JSON, under the runner's 1 MiB read limit. */
const LONG = 1_000_000;
/** Half a million elements, `[0,0,…]`: 1,000,001 bytes. */
const ELEMENTS = 500_000;
/**
 * Ten thousand elements, 20,001 bytes: under the allowance of any answer (64 KiB, docs/adapter-protocol.md
 * "Limits of the runner"), so it is read and compared, where a quadratic diff would take seconds.
 */
const LARGE_ELEMENTS = 10_000;
/** What a hostile implementation name holds: terminal control sequences and Markdown links. */
export const HOSTILE_TEXT = '\u001b]0;pwned\u0007\u001b[2J\u0000\u0008\r[x](javascript:alert(1)) ![i](https://example.invalid/t.png) <b>`';

type Mode = (req: AnsweredRequest, res: Answer) => Answer | 'never';

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

// Made once: the rewriting must cost next to nothing, so that a run's time is the runner's and the adapter's.
const LONG_VALUE = Buffer.from('x'.repeat(LONG));
const LONG_TEXT = Buffer.from('z'.repeat(LONG));
const HUGE_ARRAY = Buffer.from(`[${new Array<string>(ELEMENTS).fill('0').join(',')}]`);
const LARGE_ARRAY = Buffer.from(`[${new Array<string>(LARGE_ELEMENTS).fill('0').join(',')}]`);
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

/** The answers 'stale-cache' keeps, by method and path, whatever the application. */
const staleCache = new Map<string, Answer>();

/** The info answer with the claim `"applications": "per-request"` added. */
function claimingPerRequest(req: AnsweredRequest, res: Answer): Answer | undefined {
  if (!(req.control && req.path === '/__fw/info' && res.status === 200)) return undefined;
  return withBody(res, JSON.stringify({ ...(json(res) as object), applications: 'per-request' }));
}

export const MODES: Record<string, Mode> = {
  /**
   * Claims "applications": "per-request" and keeps a response cache by method and path, across
   * applications (issue 38: 15 failures treated as persistent, 58 and 4 errored when it claimed
   * per-request, a correct framework behind it).
   */
  'stale-cache': (req, res) => {
    const info = claimingPerRequest(req, res);
    if (info !== undefined || req.control) return info ?? res;
    const key = `${req.method} ${req.path}`;
    const cached = staleCache.get(key);
    if (cached !== undefined) return cached;
    if (staleCache.size < 100_000) staleCache.set(key, { ...res, body: whole(res) });
    return res;
  },
  /** The reference, honest about its answers, claiming "applications": "per-request" (it evicts past 256 applications). */
  'claims-per-request': (req, res) => claimingPerRequest(req, res) ?? res,
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
  /** Every JSON answer of the application is an array of 10,000 elements: read whole and compared. */
  'large-array': (req, res) => {
    if (req.control || !isJson(res)) return res;
    return withBody(res, LARGE_ARRAY);
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
  /**
   * POST /__fw/urls answers batches of four questions or more in reverse (issue 38): the adapter
   * check sends fewer. Each answer keeps the question it names.
   */
  'reversed-batches': (req, res) => {
    if (req.path !== '/__fw/urls' || res.status !== 200) return res;
    const body = json(res) as { answers: unknown[] };
    return body.answers.length >= 4 ? withBody(res, JSON.stringify({ answers: body.answers.reverse() })) : res;
  },
  /**
   * Every application answer carries X-Fw-Exception, whatever its status (issue 38: protocol §3.3
   * sends it with a 5xx only), and text answers are one word longer, so that scenarios fail on
   * answers that are not errors.
   */
  'exception-everywhere': (req, res) => {
    if (req.control) return res;
    const headers = { ...res.headers, 'x-fw-exception': JSON.stringify({ class: 'App\\NotAnError', message: 'logged earlier, unrelated', file: '/app/x.php', line: 1 }) };
    const type = res.headers['content-type'];
    const text = typeof type === 'string' && type.startsWith('text/');
    return { ...res, headers, body: text ? [whole(res), Buffer.from(' changed')] : res.body };
  },
  /** POST /__fw/urls is never answered (issue 38); every other call is. */
  'hung-urls': (req, res) => (req.path === '/__fw/urls' ? 'never' : res),
  /** Every application answer carries a 1 MB X-Fw-Trace header. */
  'huge-trace': (req, res) => {
    if (req.control) return res;
    return { ...res, headers: { ...res.headers, 'x-fw-trace': 'T'.repeat(1024 * 1024) } };
  },
};

function main(): void {
  const name = process.argv[2] ?? '';
  const mode = MODES[name];
  const token = process.env.TOKEN;
  if (!mode || !token) {
    process.stderr.write(!mode ? `hostile adapter: unknown mode "${name}" (known: ${Object.keys(MODES).join(', ')})\n` : 'hostile adapter: set TOKEN\n');
    process.exit(2);
  }
  // As reference/adapter/main.ts starts it.
  const server = createAdapterServer({ token, build: buildApplication });
  server.keepAliveTimeout = 30_000;
  hookAnswers(server, mode);
  const stop = (): void => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const host = process.env.HOST ?? '127.0.0.1';
  server.listen(Number(process.env.PORT), host, () => process.stdout.write(`fw-reference adapter (hostile: ${name}) listening on http://${host}:${process.env.PORT}\n`));
}

if (require.main === module) main();
