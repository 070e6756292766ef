import { HttpError } from '../http/HttpError';
import { JsonResponse } from '../http/JsonResponse';
import type { Request } from '../http/Request';
import type { Response } from '../http/Response';
import type { Logger } from './Logger';

/**
 * Turns an exception escaping dispatch into a response. HttpErrors (and
 * validation errors) render themselves; anything else is logged and becomes
 * a 500 whose body never reveals the error. Bind a subclass under
 * ExceptionHandler to customise.
 */
export class ExceptionHandler {
  constructor(protected readonly logger: Logger) {}

  report(error: unknown, request: Request): void {
    this.logger.error(`Unhandled exception during ${request.method} ${request.url}`, error);
  }

  render(error: unknown, request: Request): Response {
    if (error instanceof HttpError) return error.toResponse();
    this.report(error, request);
    return serverError();
  }
}

export function serverError(): Response {
  return new JsonResponse({ message: 'Server Error' }, 500);
}
