import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Options, ValidateFunction } from 'ajv';
import { CODE_ROOT, COMPILED } from '../config/layout';

/*
 * The schemas a run validates with, compiled ahead of time: `npm run build` writes ajv's own code
 * for them (ajv's standalone mode, with each instance's options) next to the compiled runner,
 * which then neither loads ajv nor compiles anything, in either of its threads (0.1 to 0.15 s of
 * each thread's start, on the way to the first request). Each validator is used only while its
 * schema file is the one it was compiled from (a hash of the file's text); otherwise the runner
 * compiles the file.
 */

/** Which instance validates: the protocol's messages report their first violation, the runner's own files all of them. */
export type Mode = 'first' | 'all';

/**
 * Two instances: reporting every violation (allErrors) changes which error ajv lists first, and
 * adapters are told about exactly one — the first — so that instance must stay as it is.
 * verbose: violations of `not` can then quote the schema they must not match.
 * validateSchema: false — the schemas are the package's own files, checked against the JSON Schema
 * meta-schema by the unit tests (schemas.test.ts); checking them again on every run meant compiling
 * the meta-schema first, 0.1 to 0.4 s of the runner's start.
 */
export const AJV_OPTIONS: Record<Mode, Options> = {
  first: { allErrors: false, strict: false, verbose: true, validateSchema: false },
  all: { allErrors: true, strict: false, verbose: true, validateSchema: false },
};

/** The protocol's message schemas (schemas.ts's SchemaName), which the first-violation instance validates. */
export const PROTOCOL_SCHEMAS = ['info', 'manifest', 'app-loaded', 'url-request', 'url-result', 'url-batch-request', 'url-batch-result', 'error', 'echo', 'exception'] as const;

/**
 * What the build compiles, per instance: the protocol's messages, and the expectations file (a
 * certification reads it before its first request). The report's schema is left to run time: only
 * tests validate reports.
 */
export const PRECOMPILED_SCHEMAS: Record<Mode, readonly string[]> = { first: PROTOCOL_SCHEMAS, all: ['expectations'] };

/** Where the build writes them (compiled layout only). */
export const PRECOMPILED_FILE = path.join(CODE_ROOT, 'conformance-runner', 'src', 'protocol', 'precompiledSchemas.js');

/** The module the build writes: each instance's validators by schema name, and the hashes of the files they were compiled from. */
export interface Precompiled {
  hashes: Record<string, string>;
  first: Record<string, unknown>;
  all: Record<string, unknown>;
}

let precompiledCache: Precompiled | null | undefined;

export function schemaHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The validator compiled at build time for `name` in `mode`, if it was compiled from `text`. */
export function precompiledValidator(name: string, mode: Mode, text: string): ValidateFunction | undefined {
  if (!COMPILED) return undefined;
  if (precompiledCache === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      precompiledCache = require(PRECOMPILED_FILE) as Precompiled;
    } catch {
      precompiledCache = null;
    }
  }
  return precompiledCache === null ? undefined : pickValidator(precompiledCache, name, mode, text);
}

/** `name`'s validator in `mode` in a precompiled module, if it was compiled from `text`. */
export function pickValidator(precompiled: Precompiled, name: string, mode: Mode, text: string): ValidateFunction | undefined {
  if (precompiled.hashes?.[name] !== schemaHash(text)) return undefined;
  const validate = precompiled[mode]?.[name];
  return typeof validate === 'function' ? validate as ValidateFunction : undefined;
}

/**
 * The module scripts/build.js writes: ajv's standalone code for the schemas of `schemaDir` that
 * PRECOMPILED_SCHEMAS names, per instance, and their hashes. Each instance's code is a module of
 * its own (its own names), wrapped in a function.
 */
export function precompiledSource(schemaDir: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { default: Ajv2020 } = require('ajv/dist/2020') as typeof import('ajv/dist/2020');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { default: addFormats } = require('ajv-formats') as typeof import('ajv-formats');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { default: standaloneCode } = require('ajv/dist/standalone') as typeof import('ajv/dist/standalone');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { _ } = require('ajv') as typeof import('ajv');
  const hashes: Record<string, string> = {};
  const parts = (Object.keys(PRECOMPILED_SCHEMAS) as Mode[]).map((mode) => {
    const ajv = addFormats(new Ajv2020({ ...AJV_OPTIONS[mode], code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } }));
    for (const name of PRECOMPILED_SCHEMAS[mode]) {
      const text = fs.readFileSync(path.join(schemaDir, `${name}.schema.json`), 'utf8');
      hashes[name] = schemaHash(text);
      ajv.addSchema(JSON.parse(text), name);
    }
    const code = standaloneCode(ajv, Object.fromEntries(PRECOMPILED_SCHEMAS[mode].map((name) => [name, name])));
    return `exports.${mode} = (function () {\nconst module = { exports: {} };\nconst exports = module.exports;\n${code}\nreturn module.exports;\n})();\n`;
  });
  return `'use strict';\n${parts.join('')}exports.hashes = ${JSON.stringify(hashes)};\n`;
}
