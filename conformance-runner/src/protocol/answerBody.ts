import type { Readable } from 'node:stream';
import { BodyTooLargeError, formatBytes, LIMITS } from './limits';

/**
 * The body of an application answer, read only as far as the request can justify
 * (LIMITS.answerBodyBytes; docs/adapter-protocol.md, "Limits of the runner"). An echo holds what the
 * request sent and little else; a megabyte answer to a small request is the framework's fault. Read
 * whole, decoded and parsed, such answers were most of a run's time against a target that gave them
 * to every request: past the bound the runner keeps a head to show, and checks nothing in it.
 */

/** A body larger than its bound: the head kept (to show), its whole size, the bound. */
export interface Clipped {
  bytes: number;
  bound: number;
}

export interface AnswerBody {
  /** The body, or its first LIMITS.storedBodyBytes when `clipped`. */
  text: string;
  clipped?: Clipped;
}

/** How large an answer to a request sending `target` and `body` may be. */
export function answerBound(target: string, body: string | undefined): number {
  const sent = Buffer.byteLength(target) + (body === undefined ? 0 : Buffer.byteLength(body));
  return Math.min(LIMITS.responseBodyBytes, LIMITS.answerBodyBytes + 6 * sent);
}

/**
 * What a body left unread is destroyed with. One error, made once: a stream reads an error's stack
 * when it is destroyed (node's checkError), and formatting a new one for each of thousands of
 * clipped answers cost more than a second of a run.
 */
const NOT_READ = new Error('not read further: the body is larger than an answer to this request may be');
void NOT_READ.stack;

/**
 * Reads an answer's body up to `bound` bytes. A body that declared a larger size (Content-Length,
 * `declared`) is read no further than the head kept, then the stream is destroyed, its connection
 * with it. One of unknown size is read on without being kept, to learn its size. Past `limit`
 * bytes, whatever was declared: BodyTooLargeError, as for any response.
 */
export async function readAnswer(body: Readable, bound: number, declared?: number, limit: number = LIMITS.responseBodyBytes): Promise<AnswerBody> {
  const shown = Math.min(bound, LIMITS.storedBodyBytes);
  const over = declared !== undefined && declared > bound && declared <= limit;
  const keep = over ? shown : bound;
  const chunks: Buffer[] = [];
  let kept = 0;
  let size = 0;
  for await (const chunk of body) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > limit) {
      body.destroy();
      throw new BodyTooLargeError(limit);
    }
    if (kept < keep) {
      const part = buffer.subarray(0, keep - kept);
      chunks.push(part);
      kept += part.length;
    }
    if (over && kept >= keep) {
      body.destroy(NOT_READ);
      return { text: headText(Buffer.concat(chunks)), clipped: { bytes: declared!, bound } };
    }
  }
  const bytes = Buffer.concat(chunks);
  if (size <= bound) return { text: bytes.toString('utf8') };
  return { text: headText(bytes.subarray(0, shown)), clipped: { bytes: size, bound } };
}

/** Reads a whole body up to `limit` bytes; beyond it, stops reading, destroys the stream and throws BodyTooLargeError. */
export async function readLimited(body: Readable, limit: number = LIMITS.responseBodyBytes): Promise<string> {
  return (await readAnswer(body, limit, undefined, limit)).text;
}

/** What a clipped answer is, for a failure message. */
export function describeClipped(clipped: Clipped): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `a body of ${n(clipped.bytes)} bytes, larger than an answer to this request may be (${n(clipped.bound)} bytes, ` +
    `docs/adapter-protocol.md "Limits of the runner"): only its first ${formatBytes(LIMITS.storedBodyBytes)} kept`;
}

/** A head cut on a character boundary: a UTF-8 sequence cut in half is dropped, not shown as U+FFFD. */
function headText(bytes: Buffer): string {
  return bytes.toString('utf8').replace(/\uFFFD$/, '');
}
