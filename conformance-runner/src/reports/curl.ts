import type { Exchange } from '../protocol/AdapterClient';

/** Quotes a word for POSIX sh: single quotes, with embedded ones written '\'' . */
export function shellQuote(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_\-.,:/=@%+]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export interface CurlContext {
  /** Shell variable holding the adapter's origin. */
  targetVar: string;
  /** Shell variable holding the control-plane token (never written into reports). */
  tokenVar: string;
}

const DEFAULT_CONTEXT: CurlContext = { targetVar: 'FW_TARGET', tokenVar: 'FW_TOKEN' };
/** Headers curl computes itself, or that only describe the connection. */
const SKIPPED_HEADERS = new Set(['content-length', 'host', 'connection', 'transfer-encoding']);

/**
 * A curl command that sends the same request again. The path goes byte for byte as the request
 * target (--request-target: no URL parsing, no dot-segment removal, no globbing, even for a path
 * that is not a valid URL), the token is read from a variable, and an X-Fw-App header uses $APP
 * when the application was loaded by an earlier exchange.
 */
export function toCurl(exchange: Exchange, appId?: string, context: CurlContext = DEFAULT_CONTEXT): string {
  const appPath = appId !== undefined ? `/__fw/apps/${encodeURIComponent(appId)}` : undefined;
  const target = exchange.path === appPath ? '"/__fw/apps/$APP"' : shellQuote(exchange.path);
  const parts = ['curl', '-sS', '-i', '-X', shellQuote(exchange.method), '--request-target', target, `"$${context.targetVar}"`];
  for (const [name, value] of Object.entries(exchange.requestHeaders ?? {})) {
    const lower = name.toLowerCase();
    if (SKIPPED_HEADERS.has(lower)) continue;
    if (lower === 'authorization' && /^Bearer /i.test(value)) parts.push('-H', `"Authorization: Bearer $${context.tokenVar}"`);
    else if (lower === 'x-fw-app' && appId !== undefined && value === appId) parts.push('-H', '"X-Fw-App: $APP"');
    else parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (exchange.requestBody === undefined) return parts.join(' ');
  if (exchange.requestBodyBytes !== undefined && exchange.requestBodyFill !== undefined) {
    // A large body of one repeated character (the size-limit scenarios): rebuilt, not stored.
    const fill = JSON.stringify(exchange.requestBodyFill);
    return `node -e ${shellQuote(`process.stdout.write(${fill}.repeat(${exchange.requestBodyBytes}))`)} | ${[...parts, '--data-binary', '@-'].join(' ')}`;
  }
  if (exchange.requestBodyBytes !== undefined) {
    return `# the body was ${exchange.requestBodyBytes} bytes; the report keeps its first ${Buffer.byteLength(exchange.requestBody)}\n${[...parts, '--data-binary', quoteBody(exchange.requestBody, appId)].join(' ')}`;
  }
  parts.push('--data-binary', quoteBody(exchange.requestBody, appId));
  return parts.join(' ');
}

/** A body quoted for sh; the app id of a url-request ({"app":"<id>",...}) becomes $APP. */
function quoteBody(body: string, appId: string | undefined): string {
  const fragment = appId !== undefined ? `"app":${JSON.stringify(appId)}` : undefined;
  if (fragment === undefined || !body.includes(fragment)) return shellQuote(body);
  return body.split(fragment).map((piece) => (piece === '' ? '' : shellQuote(piece))).join(`'"app":"'"$APP"'"'`);
}

/** Where a reproduction is sent: the run's adapter (started, or attached to). */
export interface ReproTarget {
  url: string;
  /** The run's --start command, null when the run attached to a running adapter. */
  start?: string | null;
}

const REPLAY_PORT = 8080;
const REPLAY_TOKEN = 'secret';

/**
 * A shell script that replays a scenario's exchanges, runnable as pasted: the run's own adapter is
 * gone by the time anyone reads the report, so the script says how to start one (the run's start
 * command with PORT and TOKEN) and defaults its variables to that adapter; FW_TARGET and FW_TOKEN
 * override them. It captures the id of the application each POST /__fw/apps loads into $APP.
 */
export function reproScript(exchanges: Exchange[], target: ReproTarget, context: CurlContext = DEFAULT_CONTEXT): string {
  const lines: string[] = [];
  if (target.start) {
    lines.push(
      `# First start the adapter, in another terminal, from the folder the run started it in:`,
      `#   PORT=${REPLAY_PORT} TOKEN=${REPLAY_TOKEN} HOST=127.0.0.1 sh -c ${shellQuote(target.start)}`,
      `${context.targetVar}=\${${context.targetVar}:-http://127.0.0.1:${REPLAY_PORT}}`,
      `${context.tokenVar}=\${${context.tokenVar}:-${REPLAY_TOKEN}}`,
    );
  } else {
    lines.push(
      `# Against the adapter the run attached to (--target); set FW_TOKEN to its token.`,
      `${context.targetVar}=\${${context.targetVar}:-${target.url}}`,
      `${context.tokenVar}=\${${context.tokenVar}:?set ${context.tokenVar} to the control-plane token of the adapter}`,
    );
  }
  let appId: string | undefined;
  for (const exchange of exchanges) {
    if (exchange.method === 'POST' && exchange.path === '/__fw/apps') {
      const loaded = appIdFrom(exchange.responseBody);
      if (loaded !== undefined) {
        appId = loaded;
        const command = toCurl(exchange, appId, context).replace(' -i ', ' ');
        lines.push(`APP=$(${command} | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).app))')`);
        continue;
      }
    }
    lines.push(toCurl(exchange, appId, context));
  }
  return lines.join('\n');
}

function appIdFrom(body: string | undefined): string | undefined {
  try {
    const parsed = JSON.parse(body ?? '') as { app?: unknown };
    return typeof parsed.app === 'string' ? parsed.app : undefined;
  } catch {
    return undefined;
  }
}
