import { buildArgument } from '../http/buildArgument';
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

  /** An action's parameter of this type: the model class's own validateAndBind (static::, not self::). */
  static [buildArgument]<M extends Model>(this: { validateAndBind(request: Request): M | Promise<M> }, request: Request): M | Promise<M> {
    return this.validateAndBind(request);
  }

  /**
   * Validates the request input (JSON body, form body, query string; body
   * wins) against `static rules` and returns a hydrated instance, or throws
   * a ValidationError (422).
   */
  static validateAndBind<M extends Model>(this: ModelClass<M>, request: Request): M | Promise<M> {
    // `static fields` have no rules, yet are filled from the same input: they get an empty rule
    // set, so that the checks every present value goes through (nesting depth) cover them too.
    const rules: Record<string, Rules[string]> = {};
    const entries: Array<[string, Rules[string]]> = [...Object.entries(this.rules), ...(this.fields ?? []).map((f): [string, Rules[string]] => [f, []])];
    for (const [field, set] of entries) {
      if (!Object.prototype.hasOwnProperty.call(rules, field)) Object.defineProperty(rules, field, { value: set, enumerable: true, writable: true, configurable: true });
    }
    const input = request.all();
    const result = validate(input, rules);
    if (!result.passes) throw new ValidationError(result.errors);
    return new this(input);
  }

  /** Names that fill() accepts: fields with rules plus `static fields`. */
  fillable(): readonly string[] {
    const cls = this.constructor as unknown as ModelClass<Model>;
    return [...new Set([...Object.keys(cls.rules), ...(cls.fields ?? [])])];
  }

  fill(attributes: Attributes): this {
    for (const key of this.fillable()) {
      // Own data properties only: a getter on the input never runs, nor does an inherited member count.
      const descriptor = Object.getOwnPropertyDescriptor(attributes, key);
      if (descriptor !== undefined && 'value' in descriptor) this.set(key, descriptor.value);
    }
    return this;
  }

  get<T = unknown>(key: string): T | undefined {
    return this.attributes[key] as T | undefined;
  }

  set(key: string, value: unknown): this {
    // defineProperty, not assignment: a field named `__proto__` must stay an attribute.
    Object.defineProperty(this.attributes, key, { value, enumerable: true, writable: true, configurable: true });
    return this;
  }

  toJSON(): Attributes {
    return { ...this.attributes };
  }
}
