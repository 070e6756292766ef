import * as path from 'node:path';
import { ExceptionHandler, type Application, type Request, type Response } from '../src';

/** Protocol §3.3: the optional header with the framework's error behind an answer. */
export const EXCEPTION_HEADER = 'X-Fw-Exception';
/** What the header's value is kept within (protocol §3.3). */
const MAX_BYTES = 4096;

/**
 * The framework's own exception handler, bound the way an application customises it (a subclass
 * under ExceptionHandler): it renders exactly as the framework does — same status, same body — and
 * only adds X-Fw-Exception when that answer is a 5xx, so a report can say why.
 */
export class AdapterExceptionHandler extends ExceptionHandler {
  override render(error: unknown, request: Request): Response {
    const response = super.render(error, request);
    if (response.status >= 500) response.headers.set(EXCEPTION_HEADER, exceptionHeader(error));
    return response;
  }
}

export function bindExceptionHeader(app: Application): void {
  app.container.singleton(ExceptionHandler, () => new AdapterExceptionHandler(app.logger));
}

/**
 * The header's value: `{"class","message","file","line"}` as printable ASCII JSON (anything else
 * as \u escapes: a header value is bytes, not text), the message shortened until it fits.
 */
export function exceptionHeader(error: unknown): string {
  const e = error instanceof Error ? error : undefined;
  // The class that was thrown (an Error subclass often keeps the name "Error").
  const name = e ? (e.constructor?.name || e.name) : typeof error;
  const where = e ? thrownAt(e.stack ?? '') : undefined;
  let message = e ? e.message : String(error);
  const value = () => asciiJson({ class: name.slice(0, 200), message, ...(where ?? {}) });
  let text = value();
  while (text.length > MAX_BYTES && message !== '') {
    message = message.length > 16 ? `${message.slice(0, Math.floor(message.length / 2))}…` : '';
    text = value();
  }
  return text;
}

/** The first frame of a V8 stack, relative to the working directory when it is below it. */
function thrownAt(stack: string): { file: string; line: number } | undefined {
  const frame = /\n\s+at (?:.*? \()?(.+?):(\d+):\d+\)?$/m.exec(stack);
  if (!frame) return undefined;
  const file = frame[1]!.replace(/^file:\/\//, '');
  const relative = path.relative(process.cwd(), file);
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
  return { file: shown.length > 500 ? `…${shown.slice(-500)}` : shown, line: Number(frame[2]) };
}

function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
