import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';

/** Names of the protocol-1 message schemas under conformance-runner/schema/. */
export type SchemaName = 'info' | 'manifest' | 'app-loaded' | 'url-request' | 'url-result' | 'error' | 'echo';

export const SCHEMA_DIR = path.resolve(__dirname, '..', '..', 'schema');

let compiled: Map<SchemaName, ValidateFunction> | undefined;

function load(): Map<SchemaName, ValidateFunction> {
  if (compiled) return compiled;
  // verbose: violations of `not` can then quote the schema they must not match.
  const ajv = new Ajv2020({ allErrors: false, strict: false, verbose: true });
  const names: SchemaName[] = ['info', 'manifest', 'app-loaded', 'url-request', 'url-result', 'error', 'echo'];
  compiled = new Map();
  for (const name of names) {
    const schema = JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, `${name}.schema.json`), 'utf8'));
    compiled.set(name, ajv.compile(schema));
  }
  return compiled;
}

export interface SchemaViolation {
  /** JSON Pointer to the offending value in the checked message. */
  pointer: string;
  message: string;
}

/** Returns the first violation of `schema` by `data` (the most specific one ajv reports), or null. */
export function firstViolation(schema: SchemaName, data: unknown): SchemaViolation | null {
  const validate = load().get(schema)!;
  if (validate(data)) return null;
  const errors: ErrorObject[] = validate.errors ?? [];
  // ajv reports the leaf first; if/then wrappers come after and say less.
  const leaf = errors[0];
  if (!leaf) return { pointer: '', message: 'does not match the schema' };
  const extra = leaf.keyword === 'enum' ? `: ${JSON.stringify((leaf.params as { allowedValues: unknown[] }).allowedValues)}`
    : leaf.keyword === 'const' ? `: ${JSON.stringify((leaf.params as { allowedValue: unknown }).allowedValue)}`
    : leaf.keyword === 'additionalProperties' ? `: "${(leaf.params as { additionalProperty: string }).additionalProperty}"`
    : '';
  // "must NOT be valid" alone tells an implementer nothing; say what the value must not match.
  const message = leaf.keyword === 'not' ? `must not match ${JSON.stringify(leaf.schema)}` : `${leaf.message ?? 'is invalid'}${extra}`;
  // A bad member *name* (propertyNames) is reported at the object, like every validator's instance
  // path; name the member in the message so it can be found.
  return {
    pointer: leaf.instancePath,
    message: leaf.propertyName !== undefined ? `member name ${JSON.stringify(leaf.propertyName)} ${message}` : message,
  };
}

export function describeViolation(schema: SchemaName, v: SchemaViolation): string {
  return `${schema} message at "${v.pointer || '/'}" ${v.message}`;
}
