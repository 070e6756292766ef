import type { Request } from '../http/Request';
import type { Rules } from '../validation/rules';
import { ValidationError } from '../validation/ValidationError';
import { validate } from '../validation/Validator';

export type Attributes = Record<string, unknown>;

/** What `validateAndBind` needs from a concrete model class. */
export interface ModelClass<M extends Model> {
  new (attributes?: Attributes): M;
  readonly rules: Rules;
  readonly fields?: readonly string[];
}

/**
 * A model hydrated from request data; there is no database behind it.
 * Subclasses declare `static rules` (validated, and the fillable fields) and
 * optionally `static fields` (fillable without rules).
 */
export abstract class Model {
  static rules: Rules = {};
  static fields: readonly string[] = [];

  protected attributes: Attributes = {};

  constructor(attributes: Attributes = {}) {
    this.fill(attributes);
  }

  /**
   * Validates the request input (JSON body, form body, query string; body
   * wins) against `static rules` and returns a hydrated instance, or throws
   * a ValidationError (422).
   */
  static validateAndBind<M extends Model>(this: ModelClass<M>, request: Request): M | Promise<M> {
    const result = validate(request.all(), this.rules);
    if (!result.passes) throw new ValidationError(result.errors);
    return new this(request.all());
  }

  /** Names that fill() accepts: fields with rules plus `static fields`. */
  fillable(): readonly string[] {
    const cls = this.constructor as unknown as ModelClass<Model>;
    return [...new Set([...Object.keys(cls.rules), ...(cls.fields ?? [])])];
  }

  fill(attributes: Attributes): this {
    for (const key of this.fillable()) {
      if (Object.prototype.hasOwnProperty.call(attributes, key)) this.attributes[key] = attributes[key];
    }
    return this;
  }

  get<T = unknown>(key: string): T | undefined {
    return this.attributes[key] as T | undefined;
  }

  set(key: string, value: unknown): this {
    this.attributes[key] = value;
    return this;
  }

  toJSON(): Attributes {
    return { ...this.attributes };
  }
}
