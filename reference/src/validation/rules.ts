/**
 * Validation rules, written the Laravel way: `'required|string|max:255'` or
 * `['required', 'integer', 'min:1']`. A function rule returns an error
 * message, or null when the value passes.
 */
export type RuleFunction = (value: unknown, field: string, data: Readonly<Record<string, unknown>>) => string | null;
export type Rule = string | RuleFunction;
export type RuleSet = string | readonly Rule[];
export type Rules = Readonly<Record<string, RuleSet>>;
