import type { Container } from '../container/Container';
import type { Key } from '../container/types';
import { buildArgument } from '../http/buildArgument';
import { then, type MaybePromise } from '../http/maybePromise';
import { Request } from '../http/Request';
import type { Rules } from './rules';
import { ValidationError } from './ValidationError';
import { validate } from './Validator';

/**
 * A request that validates itself when an action asks for it. The container
 * builds it (with the current Request); the dispatcher then calls
 * validateResolved() before the action runs, and a failure is a 422.
 *
 * Subclasses that need more services extend `static inject`, keeping Request first:
 * `static override inject = [Request, Clock] as const`.
 */
export abstract class FormRequest {
  // Typed as a plain array so subclasses may override it with a longer `as const` tuple.
  static inject: readonly Key[] = [Request];

  private validatedData: Record<string, unknown> | undefined;

  constructor(readonly request: Request) {}

  /** An action's parameter of this type: built by the container, validated before the action runs. */
  static [buildArgument](_request: Request, container: Container, key: Key): MaybePromise<FormRequest> {
    const form = container.make<FormRequest>(key);
    return then(form.validateResolved(), () => form);
  }

  /** Field → rules, e.g. `{ name: 'required|string|max:255' }`. */
  abstract rules(): Rules;

  /** Custom messages keyed by "field.rule" or "rule". */
  messages(): Readonly<Record<string, string>> {
    return {};
  }

  /** The data validated: request body merged over the query string. */
  validationData(): Readonly<Record<string, unknown>> {
    return this.request.all();
  }

  validateResolved(): void | Promise<void> {
    const result = validate(this.validationData(), this.rules(), this.messages());
    if (!result.passes) throw new ValidationError(result.errors);
    this.validatedData = result.validated;
  }

  /** Only the fields with rules; throws if called before validation. */
  validated(): Record<string, unknown> {
    if (this.validatedData === undefined) throw new Error(`${this.constructor.name} has not been validated yet.`);
    return this.validatedData;
  }

  input<T = unknown>(key: string, fallback?: T): T | undefined {
    return this.request.input(key, fallback);
  }

  all(): Record<string, unknown> {
    return this.request.all();
  }
}
