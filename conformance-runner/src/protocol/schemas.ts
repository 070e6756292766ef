import * as fs from 'node:fs';
import * as path from 'node:path';
import type Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { PACKAGE_ROOT } from '../config/layout';
import { AJV_OPTIONS, precompiledValidator, type Mode, type PROTOCOL_SCHEMAS } from './precompiled';

/** Protocol-2 message schemas under conformance-runner/schema/. */
export type SchemaName = (typeof PROTOCOL_SCHEMAS)[number];
/** The runner's own file formats, kept beside the protocol's. */
export type RunnerSchemaName = 'report' | 'expectations';

export const SCHEMA_DIR = path.join(PACKAGE_ROOT, 'conformance-runner', 'schema');

// ajv is loaded when a schema must be compiled here: the compiled runner has the protocol's
// schemas and the expectations file's compiled at build time (precompiled.ts), and a run needs
// nothing else.
let ajvCache: Record<Mode, Ajv2020> | undefined;
function instance(mode: Mode): Ajv2020 {
  if (ajvCache === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { default: Ajv } = require('ajv/dist/2020') as typeof import('ajv/dist/2020');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { default: addFormats } = require('ajv-formats') as typeof import('ajv-formats');
    ajvCache = { first: addFormats(new Ajv(AJV_OPTIONS.first)), all: addFormats(new Ajv(AJV_OPTIONS.all)) };
  }
  return ajvCache[mode];
}
const validatorCache = new Map<string, ValidateFunction>();

function validator(name: SchemaName | RunnerSchemaName, mode: Mode): ValidateFunction {
  const key = `${mode}:${name}`;
  let validate = validatorCache.get(key);
  if (validate === undefined) {
    const text = fs.readFileSync(path.join(SCHEMA_DIR, `${name}.schema.json`), 'utf8');
    validate = precompiledValidator(name, mode, text) ?? instance(mode).compile(JSON.parse(text));
    validatorCache.set(key, validate);
  }
  return validate;
}

export interface SchemaViolation {
  /** JSON Pointer to the offending value in the checked message ("" for the whole message). */
  pointer: string;
  message: string;
}

function describe(error: ErrorObject): SchemaViolation {
  const params = error.params as Record<string, unknown>;
  const extra = error.keyword === 'enum' ? `: ${JSON.stringify(params.allowedValues)}`
    : error.keyword === 'const' ? `: ${JSON.stringify(params.allowedValue)}`
    : error.keyword === 'additionalProperties' ? `: "${String(params.additionalProperty)}"`
    : '';
  // "must NOT be valid" alone tells an implementer nothing; say what the value must not match.
  const message = error.keyword === 'not' ? `must not match ${JSON.stringify(error.schema)}` : `${error.message ?? 'is invalid'}${extra}`;
  // A bad member *name* (propertyNames) is reported at the object, like every validator's instance
  // path; name the member in the message so it can be found.
  return {
    pointer: error.instancePath,
    message: error.propertyName !== undefined ? `member name ${JSON.stringify(error.propertyName)} ${message}` : message,
  };
}

/** Returns the first violation of `schema` by `data` (the most specific one ajv reports), or null. */
export function firstViolation(schema: SchemaName, data: unknown): SchemaViolation | null {
  const validate = validator(schema, 'first');
  if (validate(data)) return null;
  // ajv reports the leaf first; if/then wrappers come after and say less.
  const leaf = validate.errors?.[0];
  return leaf ? describe(leaf) : { pointer: '', message: 'does not match the schema' };
}

/** Every violation of `schema` by `data` (empty when valid), for the runner's own files. */
export function allViolations(schema: SchemaName | RunnerSchemaName, data: unknown): SchemaViolation[] {
  const validate = validator(schema, 'all');
  return validate(data) ? [] : (validate.errors ?? []).map(describe);
}

export function describeViolation(schema: SchemaName, v: SchemaViolation): string {
  return `${schema} message at "${v.pointer || '/'}" ${v.message}`;
}
