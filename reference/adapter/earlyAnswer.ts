import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Answers given while the request body is still arriving: a `401` before the body is read, the
 * `400` for a body over the limit, a call that takes no body, the framework's `413`/`414`
 * (decision 43). Left to node, such a connection stays alive and node drains the rest of the body
 * to reach the next request: endlessly, for an endless chunked body.
 *
 * Instead the answer says `Connection: close`, and the connection closes with a bounded linger:
 * FIN right after the answer, then what still arrives is discarded for at most LINGER.ms and
 * LINGER.bytes before the socket is destroyed. Destroying at once (node's own destroySoon) makes
 * the kernel answer the client's next segment with a reset, and a client still sending then
 * loses the answer it has not read yet (measured: most of the time, for a raw endless sender).
 */
export const LINGER = {
  ms: 1000,
  /** Twice the control plane's body limit: a client within the limits always finishes sending. */
  bytes: 2 * 1024 * 1024,
  checkEveryMs: 5,
} as const;

const lingering = new WeakSet<Socket>();

/** A body is announced (chunked, or a non-zero length) and has not been received to its end. */
export function hasUnreadBody(req: IncomingMessage): boolean {
  if (req.complete) return false;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The headers an answer to `req` needs; arranges the lingering close when its body is unread. */
export function closeIfUnread(req: IncomingMessage): Record<string, string> {
  if (!hasUnreadBody(req)) return {};
  lingerOnClose(req.socket);
  return { Connection: 'close' };
}

function lingerOnClose(socket: Socket): void {
  if (lingering.has(socket)) return;
  lingering.add(socket);
  let started: { at: number; bytes: number } | undefined;
  // node calls destroySoon() once an answer with Connection: close is written (and again when the
  // client ends its side). Should a node version stop calling it, its own close applies: at once.
  socket.destroySoon = function lingeringDestroySoon(this: Socket): void {
    if (started !== undefined) return;
    started = { at: Date.now(), bytes: socket.bytesRead };
    socket.end();
    const check = setInterval(() => {
      if (socket.bytesRead - started!.bytes > LINGER.bytes || Date.now() - started!.at >= LINGER.ms) socket.destroy();
    }, LINGER.checkEveryMs);
    check.unref();
    socket.once('close', () => clearInterval(check));
  };
}
