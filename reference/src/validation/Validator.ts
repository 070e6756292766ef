import type { Rule, RuleSet, Rules } from './rules';
import type { ValidationErrors } from './ValidationError';

export interface ValidationResult {
  readonly errors: ValidationErrors;
  /** Only the fields that have rules and are present. */
  readonly validated: Record<string, unknown>;
  readonly passes: boolean;
}

const INTEGER = /^[+-]?\d+$/;
const NUMERIC = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
// Deliberately simple: one "@", no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface ParsedRule {
  readonly name: string;
  readonly args: readonly string[];
  readonly fn?: Exclude<Rule, string>;
}

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
    const value = data[field];
    const present = Object.prototype.hasOwnProperty.call(data, field);
    const fieldErrors: string[] = [];
    const say = (rule: string, fallback: string): void => {
      fieldErrors.push(messages[`${field}.${rule}`] ?? messages[rule] ?? fallback.replace(':attribute', attributeName(field)));
    };
    const names = new Set(parsed.map((r) => r.name));
    if (isEmpty(value)) {
      if (names.has('required')) say('required', 'The :attribute field is required.');
      // Other rules do not apply to a missing or empty value (Laravel's implicit-rule behaviour).
    } else {
      // As Laravel: a value is measured as a number only when a numeric rule applies and it is numeric.
      const numeric = (names.has('integer') || names.has('numeric')) && isNumeric(value);
      const sizeKind = numeric ? 'number' : Array.isArray(value) ? 'array' : 'string';
      for (const rule of parsed) {
        const message = check(rule, value, sizeKind, field, data);
        if (message !== null) say(rule.name, message);
      }
    }
    if (fieldErrors.length > 0) errors[field] = fieldErrors;
    else if (present) validated[field] = value;
  }
  return { errors, validated, passes: Object.keys(errors).length === 0 };
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

function attributeName(field: string): string {
  return field.replace(/_/g, ' ');
}

function check(
  rule: ParsedRule,
  value: unknown,
  sizeKind: 'number' | 'array' | 'string',
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
      return (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && INTEGER.test(value))
        ? null
        : 'The :attribute field must be an integer.';
    case 'numeric':
      return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && NUMERIC.test(value))
        ? null
        : 'The :attribute field must be a number.';
    case 'boolean':
      return [true, false, 0, 1, '0', '1'].includes(value as never) ? null : 'The :attribute field must be true or false.';
    case 'array':
      return Array.isArray(value) ? null : 'The :attribute field must be an array.';
    case 'email':
      return typeof value === 'string' && EMAIL.test(value) ? null : 'The :attribute field must be a valid email address.';
    case 'in':
      return rule.args.includes(String(value)) ? null : 'The selected :attribute is invalid.';
    case 'min':
    case 'max':
      return checkSize(rule.name, Number(rule.args[0]), value, sizeKind);
    default:
      throw new Error(`Unknown validation rule [${rule.name}] for field [${field}].`);
  }
}

function checkSize(rule: 'min' | 'max', limit: number, value: unknown, kind: 'number' | 'array' | 'string'): string | null {
  const size = kind === 'number' ? Number(value) : kind === 'array' ? (value as unknown[]).length : [...String(value)].length;
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
