import { HttpError } from '../http/HttpError';
import { JsonResponse } from '../http/JsonResponse';
import type { Response } from '../http/Response';

export type ValidationErrors = Readonly<Record<string, readonly string[]>>;

/** Failed FormRequest validation or Model binding: 422 and the action does not run. */
export class ValidationError extends HttpError {
  override name = 'ValidationError';

  constructor(
    readonly errors: ValidationErrors,
    message = 'The given data was invalid.',
  ) {
    super(422, message);
  }

  override toResponse(): Response {
    return new JsonResponse({ message: this.message, errors: this.errors }, 422);
  }
}
