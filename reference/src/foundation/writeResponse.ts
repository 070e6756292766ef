import type { ServerResponse } from 'node:http';
import type { Response } from '../http/Response';

/** Writes a framework Response to node:http, adding Content-Length when the response has none. */
export function writeResponse(out: ServerResponse, response: Response): void {
  const status = response.status;
  // RFC 9110: no Content-Length on 1xx and 204; 304 keeps whatever the application set.
  const addLength = status >= 200 && status !== 204 && status !== 304 && !response.headers.has('Content-Length');
  const headers = addLength ? response.headers.toList('Content-Length', String(response.byteLength())) : response.headers.toList();
  out.writeHead(status, headers);
  out.end(response.getContent());
}
