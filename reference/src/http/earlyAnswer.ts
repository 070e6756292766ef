import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Answers given while the request body is still arriving: the framework's `413` (a body over the
 * limit) and `414` (a request target over the limit), and the adapter's `401` before the body is
 * read, `400` for a body over its limit, a call that takes no body (decision 55). Left to node, such a connection stays alive and node drains the rest of the body
 * to reach the next request: endlessly, for an endless chunked body.
 *
 * Instead the answer says `Connection: close`, and the connection closes with a bounded linger:
 * FIN right after the answer, reading paused, and the socket destroyed LINGER.ms later, or as soon
 * as LINGER.bytes more have been read should anything resume the reading (node's request object
 * resumes its socket to discard an unread body). Destroying at once (node's own destroySoon)
 * makes the kernel answer the client's next segment with a reset, and a client still sending then
 * loses the answer it has not read yet; reading on is what drains. Paused, the connection costs a
 * socket for LINGER.ms: the client's window fills, its sending stops, it has that long to read.
 */
export const LINGER = {
  ms: 500,
  /** Four times the control plane's body limit. */
  bytes: 4 * 1024 * 1024,
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
  let started = false;
  // node calls destroySoon() once an answer with Connection: close is written (and again when the
  // client ends its side). Should a node version stop calling it, its own close applies: at once.
  socket.destroySoon = function lingeringDestroySoon(): void {
    if (started) return;
    started = true;
    socket.end();
    const readBefore = socket.bytesRead;
    // A 'data' listener also makes node hand the socket's bytes to JavaScript instead of feeding
    // its parser directly, so this one sees everything that is still read.
    socket.on('data', () => {
      if (socket.bytesRead - readBefore > LINGER.bytes) socket.destroy();
    });
    socket.pause();
    const timer = setTimeout(() => socket.destroy(), LINGER.ms);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}
