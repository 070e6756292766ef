import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { SCHEMA_DIR } from '../../src/protocol';

/**
 * Every schema under conformance-runner/schema/, compiled in ajv's strict mode (union types are
 * allowed: `"type": [...]` is plain JSON Schema). Compiling throws on the first strict-mode issue.
 */
export function compileStrict(name: string): ValidateFunction {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: false });
  addFormats(ajv);
  return ajv.compile(JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, `${name}.schema.json`), 'utf8')));
}

export function schemaNames(): string[] {
  return fs.readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json')).map((f) => f.replace(/\.schema\.json$/, '')).sort();
}
