import type { IncomingMessage, ServerResponse } from 'node:http';

/** An application built from a manifest, as the control plane and the request path see it. */
export interface LoadedApp {
  readonly routeCount: number;
  /** Serves one application request through the framework's own node:http entry point. */
  serve(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** UrlGenerator::route(); throws the framework's own error. */
  url(name: string, params: Record<string, unknown>): string;
}
