import { shellQuote } from '../config/shellQuote';
import type { Exchange } from '../protocol/AdapterClient';
import { DEFAULT_CURL_CONTEXT, toCurl, type CurlContext } from '../protocol/curl';

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
export function reproScript(exchanges: Exchange[], target: ReproTarget, context: CurlContext = DEFAULT_CURL_CONTEXT): string {
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
