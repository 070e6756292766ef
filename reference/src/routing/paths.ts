/**
 * URI text helpers shared by route registration and URL generation.
 */

/** Trims every leading and trailing "/" and puts back exactly one in front ("" becomes "/"). */
export function normalizeUri(uri: string): string {
  return '/' + trimSlashes(uri);
}

/** Joins group prefixes and a route URI with exactly one "/" between non-empty pieces. */
export function joinUri(pieces: readonly string[]): string {
  return '/' + pieces.map(trimSlashes).filter((piece) => piece !== '').join('/');
}

function trimSlashes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 47) start++;
  while (end > start && text.charCodeAt(end - 1) === 47) end--;
  return text.slice(start, end);
}

// RFC 3986 pchar plus "/" and "%" (existing escapes are kept as written).
const RAW_PATH_CHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@/%]/;

/**
 * Matching runs on the raw, still percent-encoded path, so literal text in a
 * pattern is brought to the form a client sends: characters that may not
 * appear raw in a path ("é", " ", "?") are percent-encoded as UTF-8.
 */
export function encodeStaticText(text: string): string {
  let out = '';
  for (const char of text) out += RAW_PATH_CHAR.test(char) ? char : encodeURIComponent(char);
  return out;
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** True when every "%" starts a valid escape and the escapes form valid UTF-8. */
export function isWellFormedEncoding(path: string): boolean {
  if (path.indexOf('%') === -1) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
