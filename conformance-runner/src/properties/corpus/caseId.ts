import { createHash } from 'node:crypto';

/**
 * A stable name for a property's case: the same input gives the same id on every machine, in every
 * run and in every file it is stored in (the shipped corpus, an expectations file, a report), so a
 * counterexample can be named before and after it moves between them.
 */
export function caseId(input: unknown): string {
  return `c${createHash('sha256').update(canonicalJson(input)).digest('hex').slice(0, 12)}`;
}

/** JSON with object members in code-point order: key order never changes an id. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
