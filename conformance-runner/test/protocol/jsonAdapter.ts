import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An adapter's answer in a test: status and JSON body, or 'never' for a call left unanswered. */
export type JsonReply = [status: number, body: unknown] | 'never';

/**
 * A minimal HTTP server that answers every request with JSON, as an adapter's control plane does:
 * `answer` gets the path and the request's body text. For the client's own tests (no real adapter).
 */
export async function startJsonAdapter(answer: (path: string, raw: string) => JsonReply): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => { raw += c.toString(); });
    req.on('end', () => {
      const reply = answer(req.url ?? '/', raw);
      if (reply === 'never') return;
      const [status, body] = reply;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Unanswered calls hold their connections open.
      server.closeAllConnections();
    }),
  };
}
