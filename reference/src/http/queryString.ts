export type QueryValue = string | string[];
export type QueryBag = Record<string, QueryValue>;

/**
 * Parses `a=1&b=2&tags[]=x&tags[]=y` the way PHP fills $_GET: "+" is a space,
 * a repeated plain key keeps the last value, a `key[]` key collects an array.
 * Malformed escapes are kept as written rather than rejected.
 */
export function parseQueryString(query: string): QueryBag {
  const out: QueryBag = Object.create(null) as QueryBag;
  if (query === '') return out;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decodeComponent(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decodeComponent(pair.slice(eq + 1));
    if (key.endsWith('[]') && key.length > 2) {
      const name = key.slice(0, -2);
      const existing = out[name];
      if (Array.isArray(existing)) existing.push(value);
      else out[name] = [value];
    } else if (key !== '') {
      out[key] = value;
    }
  }
  return out;
}

function decodeComponent(text: string): string {
  const spaced = text.indexOf('+') === -1 ? text : text.replace(/\+/g, ' ');
  if (spaced.indexOf('%') === -1) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
