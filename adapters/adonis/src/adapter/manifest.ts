// The protocol's messages, checked against the suite's own JSON Schemas
// (conformance-runner/schema), so that a bad manifest gets 400 with the pointer of its first bad
// field (protocol §2.3), as --check-adapter expects.
import * as fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv2020 } from 'ajv/dist/2020.js'

export type Handler =
  | { controller: string; action: string }
  | { closure: 'args' | 'named' }
  | { closure: 'text'; value: string }
  | { closure: 'json'; value: unknown }
export type ChainCall = { middleware: string | string[] } | { name: string }
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type Statement =
  | { method: Method; uri: string; handler: Handler; chain?: ChainCall[] }
  | { group: { prefix?: string; middleware?: string[] }; routes: Statement[] }
  | { resource: string; controller: string }
export interface Manifest {
  protocol: 2
  routeFiles: Record<string, Statement[]>
  bootstrap?: string[]
  providers?: string[]
}
export interface Problem {
  pointer: string
  message: string
}

/** The suite's schemas, in the repository this adapter lives in. */
const SCHEMAS = fileURLToPath(new URL('../../../../conformance-runner/schema/', import.meta.url))
const ajv = new Ajv2020({ allErrors: false, strict: false })
const validators = new Map<string, ReturnType<typeof ajv.compile>>()

function firstError(schema: string, value: unknown): Problem | undefined {
  let validate = validators.get(schema)
  if (!validate) {
    validate = ajv.compile(JSON.parse(fs.readFileSync(`${SCHEMAS}${schema}.schema.json`, 'utf8')))
    validators.set(schema, validate)
  }
  if (validate(value)) return undefined
  const error = validate.errors?.[0]
  return { pointer: error?.instancePath ?? '', message: `${error?.instancePath || 'the body'} ${error?.message ?? 'is invalid'}` }
}

export function firstManifestError(value: unknown): Problem | undefined {
  const bad = firstError('manifest', value)
  if (bad) return bad
  const manifest = value as Manifest
  for (const list of ['bootstrap', 'providers'] as const) {
    const names = manifest[list] ?? []
    for (let i = 0; i < names.length; i++) {
      if (!Object.prototype.hasOwnProperty.call(manifest.routeFiles, names[i]!)) {
        return { pointer: `/${list}/${i}`, message: `${list}[${i}] names a route file that routeFiles does not define` }
      }
    }
  }
  return undefined
}

export function firstUrlRequestError(value: unknown): Problem | undefined {
  return firstError('url-request', value)
}

export function firstUrlBatchRequestError(value: unknown): Problem | undefined {
  return firstError('url-batch-request', value)
}
