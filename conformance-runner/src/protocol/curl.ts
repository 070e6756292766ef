import { shellQuote } from '../config/shellQuote';
import type { Exchange } from './AdapterClient';

/**
 * The runner's one curl printer: a request to an adapter as a curl command. Reports rebuild a
 * scenario's exchanges with it (reports/curl.ts) and properties their counterexamples
 * (properties/printer/curl.ts), so both quote and send a path the same way.
 */

export interface CurlContext {
  /** Shell variable holding the adapter's origin. */
  targetVar: string;
  /** Shell variable holding the control-plane token (never written into reports). */
  tokenVar: string;
}

export const DEFAULT_CURL_CONTEXT: CurlContext = { targetVar: 'FW_TARGET', tokenVar: 'FW_TOKEN' };

/** What a curl command needs of an exchange: its request. */
export type CurlRequest = Pick<Exchange, 'method' | 'path' | 'requestHeaders' | 'requestBody' | 'requestBodyBytes' | 'requestBodyFill'>;

/** Headers curl computes itself, or that only describe the connection. */
const SKIPPED_HEADERS = new Set(['content-length', 'host', 'connection', 'transfer-encoding']);

/**
 * A curl command that sends the same request again. The path goes byte for byte as the request
 * target (--request-target: no URL parsing, no dot-segment removal, no globbing, even for a path
 * that is not a valid URL), the token is read from a variable, and an X-Fw-App header uses $APP
 * when the application was loaded by an earlier exchange. HEAD is sent with --head: with -X HEAD
 * curl would wait for the body its Content-Length announces.
 */
export function toCurl(request: CurlRequest, appId?: string, context: CurlContext = DEFAULT_CURL_CONTEXT): string {
  const appPath = appId !== undefined ? `/__fw/apps/${encodeURIComponent(appId)}` : undefined;
  const target = request.path === appPath ? '"/__fw/apps/$APP"' : shellQuote(request.path);
  const method = request.method === 'HEAD' ? ['--head'] : ['-X', shellQuote(request.method)];
  const parts = ['curl', '-sS', '-i', ...method, '--request-target', target, `"$${context.targetVar}"`];
  for (const [name, value] of Object.entries(request.requestHeaders ?? {})) {
    const lower = name.toLowerCase();
    if (SKIPPED_HEADERS.has(lower)) continue;
    if (lower === 'authorization' && /^Bearer /i.test(value)) parts.push('-H', `"Authorization: Bearer $${context.tokenVar}"`);
    else if (lower === 'x-fw-app' && appId !== undefined && value === appId) parts.push('-H', '"X-Fw-App: $APP"');
    else parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (request.requestBody === undefined) return parts.join(' ');
  if (request.requestBodyBytes !== undefined && request.requestBodyFill !== undefined) {
    // A large body of one repeated character (the size-limit scenarios): rebuilt, not stored.
    const fill = JSON.stringify(request.requestBodyFill);
    return `node -e ${shellQuote(`process.stdout.write(${fill}.repeat(${request.requestBodyBytes}))`)} | ${[...parts, '--data-binary', '@-'].join(' ')}`;
  }
  if (request.requestBodyBytes !== undefined) {
    return `# the body was ${request.requestBodyBytes} bytes; the report keeps its first ${Buffer.byteLength(request.requestBody)}\n${[...parts, '--data-binary', quoteBody(request.requestBody, appId)].join(' ')}`;
  }
  parts.push('--data-binary', quoteBody(request.requestBody, appId));
  return parts.join(' ');
}

/** A body quoted for sh; the app id of a url-request ({"app":"<id>",...}) becomes $APP. */
function quoteBody(body: string, appId: string | undefined): string {
  const fragment = appId !== undefined ? `"app":${JSON.stringify(appId)}` : undefined;
  if (fragment === undefined || !body.includes(fragment)) return shellQuote(body);
  return body.split(fragment).map((piece) => (piece === '' ? '' : shellQuote(piece))).join(`'"app":"'"$APP"'"'`);
}
