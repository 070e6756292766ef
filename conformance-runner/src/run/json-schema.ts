import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** The runner's own schemas (reports, expectations) live with the protocol's in conformance-runner/schema/. */
export const RUNNER_SCHEMA_DIR = path.resolve(__dirname, '..', '..', 'schema');

export interface Violation {
  /** JSON Pointer to the offending value. */
  pointer: string;
  message: string;
}

const cache = new Map<string, ValidateFunction>();

function compiled(name: string): ValidateFunction {
  let validate = cache.get(name);
  if (!validate) {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    const schema = JSON.parse(fs.readFileSync(path.join(RUNNER_SCHEMA_DIR, `${name}.schema.json`), 'utf8'));
    validate = ajv.compile(schema);
    cache.set(name, validate);
  }
  return validate;
}

/** Every violation of `conformance-runner/schema/<name>.schema.json` by `data` (empty when valid). */
export function violations(name: 'report' | 'expectations', data: unknown): Violation[] {
  const validate = compiled(name);
  if (validate(data)) return [];
  return (validate.errors ?? []).map((e) => {
    const params = e.params as Record<string, unknown>;
    const extra = e.keyword === 'enum' ? `: ${JSON.stringify(params.allowedValues)}`
      : e.keyword === 'additionalProperties' ? `: "${String(params.additionalProperty)}"`
      : '';
    return { pointer: e.instancePath || '/', message: `${e.message ?? 'is invalid'}${extra}` };
  });
}
