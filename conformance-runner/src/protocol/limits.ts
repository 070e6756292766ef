
/**
 * What the runner reads from a target and keeps of it (docs/adapter-protocol.md, "Limits of the
 * runner"). A target is someone else's server: none of its answers may exhaust the runner's memory,
 * and the reports keep evidence, not copies.
 */
export const LIMITS = {
  /** A response body larger than this is not read: the exchange is an adapter error naming the limit. */
  responseBodyBytes: 1024 * 1024,
  /**
   * An application answer's body may be this large, plus six bytes per byte of the request's target
   * and body (what an echo of them takes at most, JSON-escaped: `\u0000`). A larger one is the
   * framework's fault, not read past its head, and fails every check of its body (answerBody.ts).
   */
  answerBodyBytes: 64 * 1024,
  /** Bodies kept in exchange records (reports, reproductions) are clipped to this many bytes. */
  storedBodyBytes: 8 * 1024,
  /**
   * A response head (status line and headers) larger than this is not read: the exchange is an
   * adapter error naming the limit, not a silent adapter (a 1 MB X-Fw-Trace once made the adapter
   * check give up with "the adapter stopped answering").
   */
  responseHeaderBytes: 64 * 1024,
} as const;

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the response body is larger than ${formatBytes(limit)}, the most fw-conformance reads (docs/adapter-protocol.md, "Limits of the runner")`);
  }
}

/** undici's code for a response head over its maxHeaderSize. */
const HEADERS_OVERFLOW = 'UND_ERR_HEADERS_OVERFLOW';

/** Whether `err` is undici refusing a response head over LIMITS.responseHeaderBytes. */
export function isHeadersOverflow(err: unknown): boolean {
  return (err as { code?: unknown })?.code === HEADERS_OVERFLOW;
}

export const HEADERS_TOO_LARGE = `the response headers are larger than ${formatBytes(LIMITS.responseHeaderBytes)}, the most fw-conformance reads (docs/adapter-protocol.md, "Limits of the runner")`;

/** A body as an exchange record keeps it. */
export interface StoredBody {
  /** The body, or its first `storedBodyBytes` bytes. */
  text: string;
  /** The whole body's size in bytes, set only when `text` is clipped. */
  bytes?: number;
  /** Set when the whole body is this one character repeated (a reproduction can rebuild it). */
  fill?: string;
}

export function storedBody(body: string, limit: number = LIMITS.storedBodyBytes): StoredBody {
  const bytes = Buffer.byteLength(body);
  if (bytes <= limit) return { text: body };
  const code = body.charCodeAt(0);
  let same = code < 0xd800 || code > 0xdfff;
  for (let i = 1; same && i < body.length; i++) same = body.charCodeAt(i) === code;
  const fill = same ? body[0] : undefined;
  // Clip on a character boundary: the kept prefix is valid text. Only the head is encoded (`limit`
  // characters are at least `limit` bytes): a run that reads thousands of 1 MB bodies encoded each whole.
  const text = Buffer.from(body.slice(0, limit)).subarray(0, limit).toString('utf8').replace(/\uFFFD$/, '');
  return { text, bytes, ...(fill !== undefined ? { fill } : {}) };
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}
