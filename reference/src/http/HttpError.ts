import type { HeaderInput } from './HeaderBag';
import { JsonResponse } from './JsonResponse';
import type { Response } from './Response';

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Server Error',
  503: 'Service Unavailable',
};

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Error';
}

/**
 * An error that is an HTTP answer: thrown anywhere during dispatch, it is
 * rendered as `{"message": ...}` with its status instead of a 500.
 */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly status: number,
    message: string = reasonPhrase(status),
    readonly headers: HeaderInput = {},
  ) {
    super(message);
  }

  toResponse(): Response {
    return errorResponse(this.status, this.message, this.headers);
  }
}

/** What a thrown HttpError renders as, built without the error (and its stack trace). */
export function errorResponse(status: number, message: string = reasonPhrase(status), headers?: HeaderInput): Response {
  return new JsonResponse({ message }, status, headers);
}
