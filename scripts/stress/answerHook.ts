import type * as http from 'node:http';

/** A whole answer, as the server was about to write it; `body` in parts so that a megabyte is written, never copied. */
export interface Answer { status: number; headers: Record<string, string | string[]>; body: Buffer | Buffer[] }

/** What an answer hook sees of the request. */
export interface AnsweredRequest { method: string; path: string; control: boolean }

/**
 * Holds every answer `server` writes until it ends, hands it whole to `rewrite`, and writes what
 * that returns instead (with its own Content-Length). The hostile adapter used to be a proxy in
 * front of the reference adapter; the second HTTP hop per request cost as much CPU as the adapter
 * itself (a third more for the whole run, measured with an identity mode), so the hostile runs
 * timed the proxy as much as the runner. In the adapter's own process, as a hostile framework
 * would be, a run costs what the runner and the adapter cost.
 *
 * `rewrite` may return 'never': that request is never answered (a hung call).
 *
 * Installed before the server's own handler (prependListener): whatever the handler wraps around
 * `writeHead` (the trace header) still runs, and lands in the held headers.
 */
export function hookAnswers(server: http.Server, rewrite: (req: AnsweredRequest, answer: Answer) => Answer | 'never'): void {
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? '/';
    const request = { method: req.method ?? 'GET', path: url.split('?')[0]!, control: url.startsWith('/__fw/') };
    const writeHead = res.writeHead.bind(res) as (status: number, headers: http.OutgoingHttpHeaders) => http.ServerResponse;
    const write = res.write.bind(res) as (chunk: Buffer) => boolean;
    const end = res.end.bind(res) as () => http.ServerResponse;
    const chunks: Buffer[] = [];
    const hold = (chunk: unknown, encoding: unknown): void => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding as BufferEncoding : 'utf8') : Buffer.from(chunk as Uint8Array));
    };
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      res.statusCode = status;
      const headers = rest.find((r) => typeof r === 'object' && r !== null) as http.OutgoingHttpHeaders | unknown[] | undefined;
      for (const [name, value] of headerEntries(headers)) res.setHeader(name, value);
      return res;
    }) as typeof res.writeHead;
    res.write = ((chunk: unknown, encoding?: unknown) => {
      hold(chunk, encoding);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown) => {
      hold(chunk, encoding);
      const headers: Record<string, string | string[]> = {};
      // A HEAD answer has no body, but the length of the GET's: kept as the framework said it.
      const headLength = request.method === 'HEAD' ? res.getHeader('content-length') : undefined;
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined && name !== 'content-length' && name !== 'transfer-encoding') headers[name] = Array.isArray(value) ? value : String(value);
        res.removeHeader(name);
      }
      const out = rewrite(request, { status: res.statusCode, headers, body: Buffer.concat(chunks) });
      // A hung adapter: the request stays unanswered, the connection open.
      if (out === 'never') return res;
      const parts = Array.isArray(out.body) ? out.body : [out.body];
      writeHead(out.status, { ...out.headers, 'content-length': headLength !== undefined ? String(headLength) : String(parts.reduce((n, p) => n + p.length, 0)) });
      // Corked: the parts leave in one writev, as one buffer would.
      res.cork();
      for (const part of parts) write(part);
      end();
      res.uncork();
      return res;
    }) as typeof res.end;
  });
}

/**
 * The headers writeHead was given, in any of its forms: an object, or a list, flat
 * (`[name, value, name, value, …]`, what the reference's writeResponse hands it) or of pairs. The
 * flat list was once read as an object, and every header of the framework's answers was lost.
 */
function headerEntries(headers: http.OutgoingHttpHeaders | unknown[] | undefined): Array<[string, string | string[] | number]> {
  if (headers === undefined) return [];
  if (!Array.isArray(headers)) return Object.entries(headers).filter((e): e is [string, string | string[] | number] => e[1] !== undefined);
  if (headers.every(Array.isArray)) return (headers as Array<[string, string]>).map(([n, v]) => [n, v]);
  const out: Array<[string, string | string[] | number]> = [];
  for (let i = 0; i + 1 < headers.length; i += 2) out.push([String(headers[i]), headers[i + 1] as string | string[]]);
  return out;
}
