import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An adapter's answer in a test: status and JSON body. */
export type JsonReply = [status: number, body: unknown];

/**
 * A minimal HTTP server that answers every request with JSON, as an adapter's control plane does:
 * `answer` gets the path and the request's body text. For the client's own tests (no real adapter).
 */
export async function startJsonAdapter(answer: (path: string, raw: string) => JsonReply): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => { raw += c.toString(); });
    req.on('end', () => {
      const [status, body] = answer(req.url ?? '/', raw);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
