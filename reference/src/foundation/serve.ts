import { createServer, type Server } from 'node:http';
import type { Application } from './Application';

export interface ServeOptions {
  readonly port?: number;
  readonly host?: string;
}

/**
 * Boots the application (so registration errors stop the start-up) and
 * serves it on node:http. Returns once listening.
 */
export function serve(app: Application, options: ServeOptions = {}): Promise<Server> {
  app.boot();
  // Node rejects request heads over 16 KiB with 431 before we see them; raise
  // that limit so URIs between 8 KiB and 64 KiB get the framework's 414.
  const server = createServer({ maxHeaderSize: 64 * 1024 }, (message, out) => {
    void app.handleNode(message, out);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
