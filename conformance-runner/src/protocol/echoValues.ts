/**
 * The route values an echo body shows (protocol §4.1): the strings among an action's typed
 * parameters or a closure's arguments, at most ten. Evidence of what the route that answered
 * extracted, whatever the assertion compared (a value holding "/" shows a parameter that spanned
 * segments; a value that is its segment lower-cased, a path read case-folded).
 */
export function echoValues(body: string): string[] | undefined {
  if (body === '' || (body[0] !== '{' && body[0] !== '[')) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const echo = data as { params?: unknown; args?: unknown };
  const typed = Array.isArray(echo.args) ? echo.args : echo.params !== null && typeof echo.params === 'object' ? Object.values(echo.params as object) : undefined;
  if (typed === undefined) return undefined;
  const out: string[] = [];
  for (const v of typed) {
    if (v !== null && typeof v === 'object' && (v as { type?: unknown }).type === 'string' && typeof (v as { value?: unknown }).value === 'string') out.push((v as { value: string }).value);
    if (out.length === 10) break;
  }
  return out;
}
