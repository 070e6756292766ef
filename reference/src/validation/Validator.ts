import type { Rule, RuleSet, Rules } from './rules';
import type { ValidationErrors } from './ValidationError';

export interface ValidationResult {
  readonly errors: ValidationErrors;
  /** Only the fields that have rules and are present. */
  readonly validated: Record<string, unknown>;
  readonly passes: boolean;
}

/**
 * Input is whatever a client sent, so nothing here may throw or take more than linear time on
 * it: values are only ever inspected with typeof, Array.isArray and own data properties (never
 * String() on an object, which runs its toString/valueOf), and every regex is unambiguous.
 */

/** Deeper values fail every field (decision 54): later JSON.stringify/structuredClone recurse. */
export const MAX_INPUT_DEPTH = 32;

const INTEGER = /^[+-]?\d+$/;
// `\d+(\.\d*)?` rather than `\d+\.?\d*`: the latter splits a digit run in n ways (quadratic on a miss).
const NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;
const WHITESPACE = /\s/;

interface ParsedRule {
  readonly name: string;
  readonly args: readonly string[];
  readonly fn?: Exclude<Rule, string>;
}

type SizeKind = 'number' | 'array' | 'string';

/** Validates a flat input map against rules; messages follow Laravel's English wording. */
export function validate(
  data: Readonly<Record<string, unknown>>,
  rules: Rules,
  messages: Readonly<Record<string, string>> = {},
): ValidationResult {
  const errors: Record<string, string[]> = {};
  const validated: Record<string, unknown> = {};
  for (const [field, set] of Object.entries(rules)) {
    const parsed = parseRules(set);
    const { present, value } = ownValue(data, field);
    const fieldErrors: string[] = [];
    const say = (rule: string, fallback: string): void => {
      fieldErrors.push(ownValue(messages, `${field}.${rule}`).value as string | undefined
        ?? ownValue(messages, rule).value as string | undefined
        ?? fallback.replace(':attribute', attributeName(field)));
    };
    const names = new Set(parsed.map((r) => r.name));
    if (isEmpty(value)) {
      if (names.has('required')) say('required', 'The :attribute field is required.');
      // Other rules do not apply to a missing or empty value (Laravel's implicit-rule behaviour).
    } else if (nestedDeeperThan(value, MAX_INPUT_DEPTH)) {
      // Said alone: the other rules would only repeat that such a value is not what they expect.
      say('depth', `The :attribute field must not be nested more than ${MAX_INPUT_DEPTH} levels deep.`);
    } else {
      // As Laravel: a value is measured as a number only when a numeric rule applies and it is numeric.
      const numeric = (names.has('integer') || names.has('numeric')) && isNumeric(value);
      const sizeKind: SizeKind = numeric ? 'number' : isCollection(value) ? 'array' : 'string';
      for (const rule of parsed) {
        const message = check(rule, value, sizeKind, field, data);
        if (message !== null) say(rule.name, message);
      }
    }
    if (fieldErrors.length > 0) define(errors, field, fieldErrors);
    else if (present) define(validated, field, value);
  }
  return { errors, validated, passes: Object.keys(errors).length === 0 };
}

/**
 * Reads an own data property only: an inherited member (`constructor`, `toString`) is not
 * input, and a getter is never run (an accessor counts as absent).
 */
function ownValue(data: object, key: string): { present: boolean; value: unknown } {
  const descriptor = Object.getOwnPropertyDescriptor(data, key);
  if (descriptor === undefined || !('value' in descriptor)) return { present: false, value: undefined };
  return { present: true, value: descriptor.value };
}

/** Creates an own property even for the key `__proto__`, which plain assignment would not. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function parseRules(set: RuleSet): ParsedRule[] {
  const list = typeof set === 'string' ? set.split('|').filter((r) => r !== '') : set;
  return list.map((rule) => {
    if (typeof rule === 'function') return { name: rule.name || 'custom', args: [], fn: rule };
    const colon = rule.indexOf(':');
    const name = colon === -1 ? rule : rule.slice(0, colon);
    const args = colon === -1 ? [] : rule.slice(colon + 1).split(',');
    return { name, args };
  });
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

function isNumeric(value: unknown): boolean {
  return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && NUMERIC.test(value));
}

/** Arrays and JSON objects (which a PHP framework would decode to arrays too). */
function isCollection(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

/** Decision 4's range: integers a double holds exactly, given as numbers or as digit strings. */
function isInteger(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value);
  return typeof value === 'string' && INTEGER.test(value) && Number.isSafeInteger(Number(value));
}

/** One "@", no whitespace, a dot inside the domain; written out because the regex is quadratic. */
function isEmail(value: unknown): boolean {
  if (typeof value !== 'string' || WHITESPACE.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || value.indexOf('@', at + 1) !== -1) return false;
  const domain = value.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot < domain.length - 1;
}

/** Iterative, and stops once past the limit: safe on values nested a million deep, or cyclic. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (!isCollection(current)) continue;
    if (depth + 1 > limit) return true;
    for (const key of Object.keys(current)) {
      const descriptor = Object.getOwnPropertyDescriptor(current, key);
      if (descriptor !== undefined && 'value' in descriptor) stack.push({ value: descriptor.value, depth: depth + 1 });
    }
  }
  return false;
}

function attributeName(field: string): string {
  return field.replace(/_/g, ' ');
}

function check(
  rule: ParsedRule,
  value: unknown,
  sizeKind: SizeKind,
  field: string,
  data: Readonly<Record<string, unknown>>,
): string | null {
  if (rule.fn !== undefined) return rule.fn(value, field, data);
  switch (rule.name) {
    case 'required':
    case 'nullable':
      return null;
    case 'string':
      return typeof value === 'string' ? null : 'The :attribute field must be a string.';
    case 'integer':
      return isInteger(value) ? null : 'The :attribute field must be an integer.';
    case 'numeric':
      return isNumeric(value) ? null : 'The :attribute field must be a number.';
    case 'boolean':
      return [true, false, 0, 1, '0', '1'].includes(value as never) ? null : 'The :attribute field must be true or false.';
    case 'array':
      return Array.isArray(value) ? null : 'The :attribute field must be an array.';
    case 'email':
      return isEmail(value) ? null : 'The :attribute field must be a valid email address.';
    case 'in':
      // As Laravel without the array rule: a list or a map is never one of the listed values.
      return isScalar(value) && rule.args.includes(String(value)) ? null : 'The selected :attribute is invalid.';
    case 'min':
    case 'max':
      return checkSize(rule.name, Number(rule.args[0]), size(value, sizeKind), sizeKind);
    default:
      throw new Error(`Unknown validation rule [${rule.name}] for field [${field}].`);
  }
}

function isScalar(value: unknown): value is string | number | boolean | bigint {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint';
}

/** Numbers by value, collections by items (a JSON object by members), anything else by characters. */
function size(value: unknown, kind: SizeKind): number {
  if (kind === 'number') return Number(value);
  if (kind === 'array') return Array.isArray(value) ? value.length : Object.keys(value as object).length;
  // Only primitives reach here, and String() of a primitive runs no user code (symbols included).
  const text = String(value);
  let characters = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    // A surrogate pair is one character, as [...text] counts it, without building the array.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    characters += 1;
  }
  return characters;
}

function checkSize(rule: 'min' | 'max', limit: number, size: number, kind: SizeKind): string | null {
  const ok = rule === 'min' ? size >= limit : size <= limit;
  if (ok) return null;
  const unit = kind === 'string' ? ' characters' : kind === 'array' ? ' items' : '';
  if (rule === 'min') {
    return kind === 'array' ? `The :attribute field must have at least ${limit} items.` : `The :attribute field must be at least ${limit}${unit}.`;
  }
  return kind === 'array'
    ? `The :attribute field must not have more than ${limit} items.`
    : `The :attribute field must not be greater than ${limit}${unit}.`;
}
