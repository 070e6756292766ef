import { CLIP, clipText } from './clip';
import { terminalLine } from './inert';
import { HEADER_EXCEPTION } from './manifest';
import { firstViolation } from './schemas';
import type { FrameworkError } from '../model/exchange';

/**
 * The framework's own words about an answer it could not give (protocol §3.3): the exception its
 * handler turned into that answer, attached by the adapter as the optional header X-Fw-Exception.
 * Without it, a PHP framework's 500 shows only the first bytes of an HTML error page.
 *
 * The header is someone else's text: it never changes a result (a step never reads it), it is
 * bounded, clipped and made inert here, once, before any report or message holds it.
 */
export type { FrameworkError } from '../model/exchange';

/** What adapters keep the header's value within (protocol §3.3). */
export const EXCEPTION_HEADER_BYTES = 4096;
/** Read at most this much: twice the adapters' budget, so a header a little over it still shows. */
const READ_CHARS = 2 * EXCEPTION_HEADER_BYTES;
/** A file path is shown, not searched: its head and tail are enough. */
const FILE_CHARS = 500;
/** What is shown of a header that is not the protocol's JSON. */
const UNREADABLE_CHARS = 300;

/** The framework's error an answer carries, or undefined when it carries none. */
export function frameworkErrorOf(headers: Readonly<Record<string, string>> | undefined): FrameworkError | undefined {
  const value = headers?.[HEADER_EXCEPTION];
  return value === undefined || value.trim() === '' ? undefined : parseFrameworkError(value);
}

/**
 * Reads an X-Fw-Exception value. A value that is not the protocol's JSON is still shown (its head,
 * inert), with no class: an adapter's mistake here must not hide what the framework said.
 */
export function parseFrameworkError(value: string): FrameworkError {
  let data: unknown;
  if (value.length <= READ_CHARS) {
    try {
      data = JSON.parse(value);
    } catch {
      data = undefined;
    }
  }
  if (data === undefined || firstViolation('exception', data) !== null) {
    return { class: null, message: `(an X-Fw-Exception header that is not the protocol's JSON) ${inert(value, UNREADABLE_CHARS)}`, file: null, line: null };
  }
  const d = data as { class: string; message: string; file?: unknown; line?: unknown };
  return {
    class: inert(d.class, CLIP.nameChars),
    message: inert(d.message, CLIP.valueChars),
    file: typeof d.file === 'string' && d.file !== '' ? inert(d.file, FILE_CHARS) : null,
    line: typeof d.line === 'number' && Number.isSafeInteger(d.line) && d.line >= 0 ? d.line : null,
  };
}

/** `Class: message at file:line`, one line. */
export function describeFrameworkError(e: FrameworkError): string {
  const where = e.file !== null ? ` at ${e.file}${e.line !== null ? `:${e.line}` : ''}` : '';
  return `${e.class !== null ? `${e.class}: ` : ''}${e.message}${where}`;
}

/**
 * One line of text that cannot act: line breaks and tabs become spaces (a message is read on one
 * line in every report), other control and reordering characters are shown escaped, then clipped.
 */
function inert(text: string, max: number): string {
  return terminalLine(clipText(text, max).replace(/[\r\n\t\u2028\u2029]+/g, ' '));
}
