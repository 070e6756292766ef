import * as net from 'node:net';

/**
 * A TCP port on 127.0.0.1 that was free a moment ago. The adapter binds it itself, so a race with
 * another process is possible but shows as a clear start failure, never as talking to a stranger:
 * the stranger would not know the random token.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('the system gave no port'))));
    });
  });
}
