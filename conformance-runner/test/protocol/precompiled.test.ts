import * as assert from 'node:assert/strict';
import Module from 'node:module';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { AJV_OPTIONS, pickValidator, PRECOMPILED_SCHEMAS, precompiledSource, precompiledValidator, PROTOCOL_SCHEMAS, schemaHash, type Mode, type Precompiled } from '../../src/protocol/precompiled';
import { SCHEMA_DIR } from '../../src/protocol';
import { BAD_MANIFESTS } from './badManifests';
import { fencedBlocks, schemaMarker } from './markdown';
import * as fs from 'node:fs';

const REPO = path.resolve(__dirname, '..', '..', '..');

/** The module scripts/build.js writes, loaded as if it were in dist/ (its requires resolve from the package). */
function loadPrecompiled(): Precompiled {
  const filename = path.join(REPO, 'conformance-runner', 'src', 'protocol', 'precompiledSchemas.test-only.js');
  const m = new Module(filename) as Module & { _compile(code: string, file: string): void; paths: string[] };
  m.filename = filename;
  m.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(filename));
  m._compile(precompiledSource(SCHEMA_DIR), filename);
  return m.exports as Precompiled;
}

/** What a validator says about `data`: valid, or its first error as the runner reads it. */
function verdict(validate: ValidateFunction, data: unknown, mode: Mode): string {
  if (validate(data)) return 'valid';
  // The first error is what an adapter is told; every error, what a broken expectations file is told.
  const errors = mode === 'first' ? (validate.errors ?? []).slice(0, 1) : validate.errors ?? [];
  return JSON.stringify(errors.map((e) => ({ path: e.instancePath, keyword: e.keyword, params: e.params, message: e.message, schema: e.schema, propertyName: e.propertyName })));
}

/** The documents' examples of each schema, the bad manifests of the schema tests, the adapters' expectations files. */
function samples(): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>([...PROTOCOL_SCHEMAS, 'expectations'].map((n) => [n, []]));
  for (const doc of ['docs/adapter-protocol.md', 'docs/writing-an-adapter.md']) {
    for (const block of fencedBlocks(path.join(REPO, doc)).filter((b) => b.lang === 'json')) {
      const name = schemaMarker(block.before);
      if (name !== undefined && out.has(name)) out.get(name)!.push(JSON.parse(block.code));
    }
  }
  out.get('manifest')!.push(...BAD_MANIFESTS.map(([, body]) => body));
  for (const adapter of ['lumen', 'laravel']) {
    const file = JSON.parse(fs.readFileSync(path.join(REPO, 'adapters', adapter, 'expectations.json'), 'utf8')) as { rules: unknown[] };
    // The file as it is, and broken in the ways a hand edit breaks it: every violation must be listed alike.
    out.get('expectations')!.push(file, { ...file, version: 1 }, { ...file, rules: [...file.rules, { rule: 42 }, 'x'] }, { ...file, extra: true });
  }
  return out;
}

describe('the schemas compiled at build time (protocol/precompiled.ts)', () => {
  const precompiled = loadPrecompiled();
  const runtime: Record<Mode, Ajv2020> = { first: addFormats(new Ajv2020(AJV_OPTIONS.first)), all: addFormats(new Ajv2020(AJV_OPTIONS.all)) };

  it('are every protocol schema (first violation) and the expectations file (all of them), with the hash of the file each was compiled from', () => {
    assert.deepEqual(PRECOMPILED_SCHEMAS, { first: PROTOCOL_SCHEMAS, all: ['expectations'] });
    for (const mode of ['first', 'all'] as const) {
      for (const name of PRECOMPILED_SCHEMAS[mode]) {
        assert.equal(typeof precompiled[mode][name], 'function', `${mode} ${name}`);
        assert.equal(precompiled.hashes[name], schemaHash(fs.readFileSync(path.join(SCHEMA_DIR, `${name}.schema.json`), 'utf8')), name);
      }
    }
  });

  for (const mode of ['first', 'all'] as const) {
    for (const name of PRECOMPILED_SCHEMAS[mode]) {
      it(`${name} (${mode}): says what ajv compiling the schema file says, examples, broken files and any JSON alike`, () => {
        const compiled = runtime[mode].compile(JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, `${name}.schema.json`), 'utf8')));
        const ahead = precompiled[mode][name] as ValidateFunction;
        for (const data of samples().get(name)!) assert.equal(verdict(ahead, data, mode), verdict(compiled, data, mode), JSON.stringify(data).slice(0, 200));
        fc.assert(fc.property(fc.jsonValue(), (data) => verdict(ahead, data, mode) === verdict(compiled, data, mode)), { numRuns: 200 });
      });
    }
  }

  it('are not used from the sources, nor for a schema file that changed since the build, nor by the other instance', () => {
    const text = fs.readFileSync(path.join(SCHEMA_DIR, 'info.schema.json'), 'utf8');
    assert.equal(precompiledValidator('info', 'first', text), undefined, 'the sources compile their schemas');
    assert.equal(pickValidator(precompiled, 'info', 'first', text), precompiled.first.info);
    assert.equal(pickValidator(precompiled, 'info', 'first', text.replace('"protocol"', '"protocol" ')), undefined, 'an edited schema file');
    assert.equal(pickValidator(precompiled, 'info', 'all', text), undefined, 'the all-violations instance compiles its own');
    assert.equal(pickValidator(precompiled, 'report', 'all', text), undefined, 'a schema not compiled ahead');
  });
});
