// adapter/exception.ts: the optional X-Fw-Exception header (protocol §3.3): the framework's error
// behind a 5xx, so that reports say why it answered 500. Framework-neutral: adapter/framework.ts
// adds it where YOUR FRAMEWORK lets an application customise its exception handler, after the
// framework rendered (status and body stay the framework's), for example:
//
//     const response = render(error);                      // the framework's own answer
//     if (response.status >= 500) response.headers.set('X-Fw-Exception', exceptionHeader(error));
import * as path from 'node:path';

const MAX_BYTES = 4096;

/** `{"class","message","file","line"}` as printable ASCII JSON, the message shortened until it fits. */
export function exceptionHeader(error: unknown): string {
  const e = error instanceof Error ? error : undefined;
  const frame = e ? /\n\s+at (?:.*? \()?(.+?):(\d+):\d+\)?$/m.exec(e.stack ?? '') : null;
  const where = frame ? { file: path.relative(process.cwd(), frame[1]!.replace(/^file:\/\//, '')), line: Number(frame[2]) } : {};
  let message = e ? e.message : String(error);
  const value = () => JSON.stringify({ class: e ? e.constructor.name : typeof error, message, ...where })
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  let text = value();
  while (text.length > MAX_BYTES && message !== '') {
    message = message.length > 16 ? message.slice(0, Math.floor(message.length / 2)) : '';
    text = value();
  }
  return text;
}
