import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { ProtocolError } from './ProtocolError';

/**
 * Validates manifests against the protocol's published schema, so that the reference adapter
 * refuses exactly what the protocol document says it must, with a pointer to the bad field.
 */
const SCHEMA_FILE = path.resolve(__dirname, '..', '..', 'conformance-runner', 'schema', 'manifest.schema.json');

let validate: ValidateFunction | undefined;

export function assertManifest(data: unknown): void {
  validate ??= new Ajv2020({ allErrors: false, strict: false }).compile(JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8')));
  if (validate(data)) return;
  const leaf = validate.errors?.[0];
  const pointer = leaf?.instancePath ?? '';
  const detail = leaf?.keyword === 'enum'
    ? `${leaf.message}: ${(leaf.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`
    : leaf?.keyword === 'additionalProperties'
      ? `${leaf.message}: "${(leaf.params as { additionalProperty: string }).additionalProperty}"`
      : leaf?.message ?? 'is invalid';
  throw new ProtocolError(400, 'manifest', `manifest${pointer ? ` at ${pointer}` : ''} ${detail}`, { pointer });
}
