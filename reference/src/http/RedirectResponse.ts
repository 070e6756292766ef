import type { HeaderInput } from './HeaderBag';
import { Response } from './Response';
import { escapeHtml } from './escapeHtml';

/** A 3xx response with a Location header and a small HTML body for clients that do not follow it. */
export class RedirectResponse extends Response {
  constructor(
    readonly targetUrl: string,
    status = 302,
    headers: HeaderInput = {},
  ) {
    if (status < 300 || status > 399) throw new RangeError(`A redirect needs a 3xx status, got [${status}].`);
    const url = escapeHtml(targetUrl);
    super(
      `<!DOCTYPE html>\n<html><head><meta charset="UTF-8"><meta http-equiv="refresh" content="0;url='${url}'">` +
        `<title>Redirecting to ${url}</title></head><body>Redirecting to <a href="${url}">${url}</a>.</body></html>`,
      status,
      headers,
    );
    this.headers.set('Location', targetUrl);
  }
}
