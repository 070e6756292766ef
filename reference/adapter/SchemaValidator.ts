import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { PACKAGE_ROOT } from './packageRoot';
import { ProtocolError } from './ProtocolError';

/**
 * Validates control-plane request bodies against the protocol's published schemas, so that the
 * reference adapter refuses exactly what the protocol document says it must, with a pointer to
 * the first bad field (protocol §2.1, kind `manifest`).
 */
const SCHEMA_DIR = path.join(PACKAGE_ROOT, 'conformance-runner', 'schema');

type RequestSchema = 'manifest' | 'url-request' | 'url-batch-request';

// validateSchema: false — the protocol's schemas are checked against the meta-schema by the
// runner's unit tests; compiling the meta-schema here held up the adapter's first load by ~0.2 s.
const ajv = new Ajv2020({ allErrors: false, strict: false, validateSchema: false });
const compiled = new Map<RequestSchema, ValidateFunction>();

export function assertValid(schema: RequestSchema, data: unknown): void {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, `${schema}.schema.json`), 'utf8')));
    compiled.set(schema, validate);
  }
  if (validate(data)) return;
  // ajv reports the most specific violation first; its params name the allowed values or member.
  const leaf = validate.errors?.[0];
  const pointer = leaf?.instancePath ?? '';
  const detail = `${leaf?.message ?? 'is invalid'} ${JSON.stringify(leaf?.params ?? {})}`;
  throw new ProtocolError(400, 'manifest', `${schema}${pointer ? ` at ${pointer}` : ''} ${detail}`, { pointer });
}
