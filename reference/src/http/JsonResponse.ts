import { HeaderBag, type HeaderInput } from './HeaderBag';
import { Response } from './Response';

/** A response carrying JSON; the data is serialized once, at construction. */
export class JsonResponse extends Response {
  constructor(
    readonly data: unknown = [],
    status = 200,
    headers?: HeaderInput,
  ) {
    // `undefined` has no JSON form; send `null` rather than an empty body.
    // Content-Type first, overridden in place by one in `headers`: the order `{ 'Content-Type': …, ...headers }` gives.
    super(JSON.stringify(data) ?? 'null', status, HeaderBag.withDefault('Content-Type', 'application/json', headers));
  }

  /** The data as it went over the wire (after toJSON and friends). */
  json(): unknown {
    return JSON.parse(this.text());
  }
}
