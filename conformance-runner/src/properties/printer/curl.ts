import type { Manifest } from '../../protocol';
import type { Check, Extra } from '../engine/plan';

/** Quotes a string for a POSIX shell: single quotes, with embedded ones closed and escaped. */
export function shq(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Shell commands that reproduce a case against an adapter by hand: save the manifest, load it
 * (capturing the app id), then send each request with X-Fw-App. The token is left as $FW_TOKEN:
 * reports are shared, tokens are not.
 */
export function curlCommands(targetUrl: string, manifest: Manifest, checks: Array<Check | Extra>): string {
  const origin = new URL(targetUrl).origin;
  const lines = [
    `# Reproduce against an adapter: set FW_TOKEN to its control token.`,
    `FW_TARGET=${shq(origin)}`,
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
    const body = JSON.stringify({ app: '@APP@', name: c.name, params: c.params });
    const [head, tail] = body.split('"@APP@"') as [string, string];
    lines.push(`curl -sS -X POST "$FW_TARGET/__fw/url" -H "Authorization: Bearer $FW_TOKEN" -H 'Content-Type: application/json' --data ${shq(head)}'"'"$APP"'"'${shq(tail)}`);
    lines.push(`# then request the URL it answers (in "url"): curl -sS -i --globoff --path-as-is "$FW_TARGET<url>" -H "X-Fw-App: $APP"`);
  }
  lines.push(`curl -sS -X DELETE "$FW_TARGET/__fw/apps/$APP" -H "Authorization: Bearer $FW_TOKEN"`);
  return lines.join('\n');
}

export function requestCurl(method: string, path: string): string {
  // --path-as-is and --globoff: send the raw path exactly as the suite did.
  const m = method === 'HEAD' ? '--head' : `-X ${method}`;
  return `curl -sS -i --globoff --path-as-is ${m} "$FW_TARGET"${shq(path)} -H "X-Fw-App: $APP"`;
}
