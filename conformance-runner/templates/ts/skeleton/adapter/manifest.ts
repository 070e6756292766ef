// adapter/manifest.ts: the protocol's messages, checked against the suite's own JSON Schemas
// (fw-conformance/conformance-runner/schema), so that a bad manifest gets 400 with the pointer of
// its first bad field (§2.3) exactly as --check-adapter expects. Framework-neutral.
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';

export type Handler =
  | { controller: string; action: string }
  | { closure: 'args' | 'named' }
  | { closure: 'text'; value: string }
  | { closure: 'json'; value: unknown };
export type ChainCall = { middleware: string | string[] } | { name: string };
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Statement =
  | { method: Method; uri: string; handler: Handler; chain?: ChainCall[] }
  | { group: { prefix?: string; middleware?: string[] }; routes: Statement[] }
  | { resource: string; controller: string };
export interface Manifest {
  protocol: 2;
  routeFiles: Record<string, Statement[]>;
  bootstrap?: string[];
  providers?: string[];
}

const SCHEMAS = path.join(path.dirname(suitePackage()), 'conformance-runner', 'schema');
const ajv = new Ajv2020({ allErrors: false, strict: false });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

function firstError(schema: string, value: unknown): { pointer: string; message: string } | undefined {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(SCHEMAS, `${schema}.schema.json`), 'utf8')));
    validators.set(schema, validate);
  }
  if (validate(value)) return undefined;
  const error = validate.errors?.[0];
  return { pointer: error?.instancePath ?? '', message: `${error?.instancePath || 'the body'} ${error?.message ?? 'is invalid'}` };
}

export function firstManifestError(value: unknown): { pointer: string; message: string } | undefined {
  const bad = firstError('manifest', value);
  if (bad) return bad;
  const manifest = value as Manifest;
  for (const list of ['bootstrap', 'providers'] as const) {
    const names = manifest[list] ?? [];
    for (let i = 0; i < names.length; i++) {
      if (!Object.prototype.hasOwnProperty.call(manifest.routeFiles, names[i]!)) {
        return { pointer: `/${list}/${i}`, message: `${list}[${i}] names a route file that routeFiles does not define` };
      }
    }
  }
  return undefined;
}

export function firstUrlRequestError(value: unknown): { pointer: string; message: string } | undefined {
  return firstError('url-request', value);
}

/** fw-conformance's package.json: the schemas are the installed suite's own, so they never drift from it. */
function suitePackage(): string {
  try {
    return createRequire(import.meta.url).resolve('fw-conformance/package.json');
  } catch {
    throw new Error('adapter/manifest.ts reads the protocol\'s schemas from fw-conformance, which is not installed where adapter/ can find it: '
      + 'run `npm install --save-dev fw-conformance` in the folder above adapter/');
  }
}
