import * as http from 'node:http';
import { AppStore, type AppStoreLimits } from './AppStore';
import { CONTROL_PREFIX, ControlPlane, send, unknownApp } from './ControlPlane';
import { closeIfUnread } from '../src/http/earlyAnswer';
import { STORE } from './limits';
import { ProtocolError } from './ProtocolError';
import type { LoadedApp } from './LoadedApp';
import type { Manifest } from './manifest';
import { runTraced, TRACE_HEADER } from './Trace';

export interface AdapterServerOptions {
  token: string;
  build(manifest: Manifest): LoadedApp;
  /** The app store's bounds; decision 55's values by default. */
  store?: AppStoreLimits;
}

/**
 * One node:http server for both planes: `/__fw/*` is the control plane, everything else is an
 * application request for the app named by X-Fw-App.
 */
export function createAdapterServer(options: AdapterServerOptions): http.Server {
  const apps = new AppStore<LoadedApp>(options.store ?? { apps: STORE.apps, weight: STORE.weightBytes });
  const control = new ControlPlane({ token: options.token, apps, build: options.build });
  // Like the framework's own serve(): URIs between 16 and 64 KiB must reach the framework for its 414.
  return http.createServer({ maxHeaderSize: 64 * 1024 }, (req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith(CONTROL_PREFIX)) {
      void control.handle(req, res);
      return;
    }
    const id = req.headers['x-fw-app'];
    const app = typeof id === 'string' ? apps.get(id) : undefined;
    if (!app) {
      const error = typeof id === 'string' ? unknownApp(id)
        : new ProtocolError(404, 'app', 'an application request needs the header X-Fw-App: <id from POST /__fw/apps>');
      send(res, error.status, error.toJSON(), { 'X-Fw-Error': error.kind });
      return;
    }
    // The framework writes its response itself (possibly synchronously); the trace is final
    // only when it does, so the header is added at writeHead time.
    const trace: string[] = [];
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
    res.writeHead = ((...args: unknown[]) => {
      res.setHeader(TRACE_HEADER, trace.join(','));
      // The framework answered without reading the body (its 414): end the connection rather
      // than let node drain the rest, as the control plane does (decision 55).
      for (const [name, value] of Object.entries(closeIfUnread(req))) res.setHeader(name, value);
      return writeHead(...args);
    }) as typeof res.writeHead;
    const result = runTraced(trace, () => app.serve(req, res));
    result.catch((err: unknown) => {
      process.stderr.write(`adapter: unexpected failure serving ${req.method} ${url}: ${String(err)}\n`);
      if (!res.headersSent) send(res, 500, { error: { kind: 'internal', message: 'the adapter failed' } }, { 'X-Fw-Error': 'internal' });
      else res.destroy();
    });
  });
}
