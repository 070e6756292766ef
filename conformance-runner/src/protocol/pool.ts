import type { Pool as UndiciPool } from 'undici';

/**
 * undici's Pool, the one HTTP client of the runner, without the rest of undici.
 *
 * `require('undici')` loads everything undici offers (fetch, WebSocket, cookies, mocks, proxies,
 * HTTP/2): about 130 ms on the machines this suite is measured on, where the Pool and the
 * request API it needs take 45. The runner pays it twice (its main thread and the properties'
 * worker) at the start of every run, while the adapter starts on the same cores. undici is pinned
 * to one version (package.json), whose index is these two modules plus `Object.assign` of the API
 * onto Dispatcher.prototype; any other layout (an override, a future version) falls back to the
 * index, and the test of this module says which one a run gets.
 */
const loaded = loadPool();
export const Pool: typeof UndiciPool = loaded.Pool;
export type Pool = UndiciPool;
/** Which way the Pool was loaded (conformance-runner/test/protocol/pool.test.ts). */
export const poolSource: 'modules' | 'index' = loaded.source;
/** Whether undici's informational errors are made without a stack (`quietResets`, pool.test.ts). */
export const resetsQuiet: boolean = loaded.quiet;

function loadPool(): { Pool: typeof UndiciPool; source: 'modules' | 'index'; quiet: boolean } {
  let quiet = false;
  try {
    /* eslint-disable @typescript-eslint/no-require-imports */
    quiet = quietResets(require('undici/lib/core/errors') as Record<string, unknown>);
    const pool = require('undici/lib/dispatcher/pool') as typeof UndiciPool;
    const dispatcher = require('undici/lib/dispatcher/dispatcher') as { prototype: object };
    const api = require('undici/lib/api') as Record<string, unknown>;
    /* eslint-enable @typescript-eslint/no-require-imports */
    if (typeof pool === 'function' && typeof api.request === 'function' && pool.prototype instanceof (dispatcher as unknown as Function)) {
      // What undici's index does before it exports anything; doing it again is harmless.
      Object.assign(dispatcher.prototype, api);
      return { Pool: pool, source: 'modules', quiet };
    }
  } catch {
    // Another layout: the index below.
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return { Pool: (require('undici') as typeof import('undici')).Pool, source: 'index', quiet };
}

/**
 * undici ends a connection the server will close after its answer (`php -S` closes every one) with
 * `socket.destroy(new InformationalError('reset'))`, and Node reads the stack of any error a
 * stream is destroyed with. Nobody reads that error: with one request per connection at a time,
 * none is waiting on the socket (undici's other informational notices, an idle timeout or an
 * abort, are as internal). Its stack lists undici's parser frames, and capturing and formatting
 * them once per request was about 5 % of the property worker's CPU against Lumen. Instances of
 * this subclass are made without frames; they are still undici's InformationalError (`instanceof`,
 * name, message, code). Done before the client's modules load, which take the class from this
 * module's exports; a runner that loaded undici's client first keeps the original class, and only
 * the time is lost.
 */
function quietResets(errors: Record<string, unknown>): boolean {
  const Informational = errors.InformationalError as (new (message?: string) => Error) | undefined;
  if (typeof Informational !== 'function' || require.cache[require.resolve('undici/lib/dispatcher/client-h1')] !== undefined) return false;
  class InformationalError extends Informational {
    constructor(message?: string) {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      try {
        super(message);
      } finally {
        Error.stackTraceLimit = limit;
      }
    }
  }
  errors.InformationalError = InformationalError;
  return true;
}
