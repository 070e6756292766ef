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

function loadPool(): { Pool: typeof UndiciPool; source: 'modules' | 'index' } {
  try {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const pool = require('undici/lib/dispatcher/pool') as typeof UndiciPool;
    const dispatcher = require('undici/lib/dispatcher/dispatcher') as { prototype: object };
    const api = require('undici/lib/api') as Record<string, unknown>;
    /* eslint-enable @typescript-eslint/no-require-imports */
    if (typeof pool === 'function' && typeof api.request === 'function' && pool.prototype instanceof (dispatcher as unknown as Function)) {
      // What undici's index does before it exports anything; doing it again is harmless.
      Object.assign(dispatcher.prototype, api);
      return { Pool: pool, source: 'modules' };
    }
  } catch {
    // Another layout: the index below.
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return { Pool: (require('undici') as typeof import('undici')).Pool, source: 'index' };
}
