import { shellQuote } from '../../config/shellQuote';
import type { Manifest } from '../../protocol';
import { toCurl } from '../../protocol/curl';
import type { Check, Extra } from '../engine/plan';

/** Stands for the loaded application's id: toCurl writes it as $APP, which the load command sets. */
const APP = '@APP@';

/**
 * Shell commands that reproduce a case against an adapter by hand: save the manifest, load it
 * (capturing the app id), then send each request with X-Fw-App. The token is left as $FW_TOKEN:
 * reports are shared, tokens are not. Requests are printed by protocol/curl.ts, like the reports'.
 */
export function curlCommands(targetUrl: string, manifest: Manifest, checks: Array<Check | Extra>): string {
  const origin = new URL(targetUrl).origin;
  const lines = [
    `# Reproduce against an adapter: set FW_TOKEN to its control token.`,
    `FW_TARGET=${shellQuote(origin)}`,
    `cat > manifest.json <<'JSON'`,
    JSON.stringify(manifest, null, 2),
    `JSON`,
    `# Load the manifest: curl -X POST "$FW_TARGET/__fw/apps" -H "Authorization: Bearer $FW_TOKEN" --data @manifest.json; APP is the "app" id it answers.`,
    `APP=$(curl -sS -X POST "$FW_TARGET/__fw/apps" -H "Authorization: Bearer $FW_TOKEN" -H 'Content-Type: application/json' --data @manifest.json | sed -E 's/.*"app" *: *"([^"]*)".*/\\1/')`,
  ];
  for (const c of checks) {
    if (c.kind === 'request') {
      lines.push(requestCurl(c.method, c.path));
      continue;
    }
    const body = JSON.stringify({ app: APP, name: c.name, params: c.params });
    lines.push(toCurl({ method: 'POST', path: '/__fw/url', requestHeaders: { Authorization: 'Bearer $FW_TOKEN', 'Content-Type': 'application/json' }, requestBody: body }, APP));
    lines.push(`# then request the URL it answers (in "url"): ${requestCurl('GET', '<url>')}`);
  }
  lines.push(`curl -sS -X DELETE "$FW_TARGET/__fw/apps/$APP" -H "Authorization: Bearer $FW_TOKEN"`);
  return lines.join('\n');
}

/** A request of the case, its raw path sent as is, to the loaded application. */
function requestCurl(method: string, path: string): string {
  return toCurl({ method, path, requestHeaders: { 'X-Fw-App': APP } }, APP);
}
