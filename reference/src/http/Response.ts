import { HeaderBag, type HeaderInput } from './HeaderBag';

export type ResponseBody = string | Uint8Array;

const DEFAULT_CONTENT_TYPE = 'text/html; charset=UTF-8';

/**
 * An HTTP response. A body given as a string is served as
 * `text/html; charset=UTF-8` unless a Content-Type header says otherwise.
 */
export class Response {
  readonly headers: HeaderBag;
  protected body: ResponseBody;

  constructor(
    content: ResponseBody = '',
    public status = 200,
    // No default object: a response built without headers (most of them) has nothing to walk.
    headers?: HeaderInput | HeaderBag,
  ) {
    if (!Number.isInteger(status) || status < 100 || status > 999) {
      throw new RangeError(`Invalid HTTP status code [${status}].`);
    }
    this.body = content;
    if (headers === undefined) {
      // Nothing to look up in an empty bag: the media type goes in as its only header.
      this.headers = HeaderBag.withDefault('Content-Type', DEFAULT_CONTENT_TYPE);
      return;
    }
    // Subclasses may hand over a bag they built (see JsonResponse); it is not copied.
    this.headers = headers instanceof HeaderBag ? headers : new HeaderBag(headers);
    if (!this.headers.has('Content-Type')) this.headers.set('Content-Type', DEFAULT_CONTENT_TYPE);
  }

  getContent(): ResponseBody {
    return this.body;
  }

  setContent(content: ResponseBody): this {
    this.body = content;
    return this;
  }

  /** The body as UTF-8 text. */
  text(): string {
    return typeof this.body === 'string' ? this.body : Buffer.from(this.body).toString('utf8');
  }

  header(name: string, value: string | number | readonly string[]): this {
    this.headers.set(name, value);
    return this;
  }

  /** Byte length of the body as it will be written. */
  byteLength(): number {
    return typeof this.body === 'string' ? Buffer.byteLength(this.body) : this.body.byteLength;
  }
}
