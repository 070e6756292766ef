import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020';
import { firstViolation, SCHEMA_DIR } from '../../src/protocol';
import { compileStrict, schemaNames } from './ajv';
import { BAD_MANIFESTS, manifest, route } from './badManifests';

describe('the schemas', () => {
  it('are all there', () => {
    for (const name of ['app-loaded', 'echo', 'error', 'info', 'manifest', 'url-request', 'url-result']) {
      assert.ok(schemaNames().includes(name), name);
    }
  });

  for (const name of schemaNames()) {
    it(`${name}.schema.json compiles in strict mode`, () => {
      assert.doesNotThrow(() => compileStrict(name));
    });
  }

  // The runner and the reference adapter compile them without checking them (validateSchema: false).
  it('are valid JSON Schema 2020-12 (checked here, not at run time)', () => {
    const ajv = new Ajv2020({ strict: false });
    for (const name of schemaNames()) {
      const schema = JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, `${name}.schema.json`), 'utf8'));
      assert.equal(ajv.validateSchema(schema), true, `${name}: ${ajv.errorsText(ajv.errors)}`);
    }
  });
});

describe('manifest.schema.json rejects bad manifests at the exact pointer', () => {
  for (const [what, body, pointer] of BAD_MANIFESTS) {
    it(`${what} → "${pointer}"`, () => {
      const violation = firstViolation('manifest', body);
      assert.ok(violation, 'accepted');
      assert.equal(violation.pointer, pointer, violation.message);
    });
  }

  it('says what a value must not match instead of "must NOT be valid"', () => {
    assert.deepEqual(firstViolation('manifest', manifest([route({ uri: '/__fw/x' })])),
      { pointer: '/routeFiles/web/0/uri', message: 'must not match {"pattern":"^/?__fw(/|$)"}' });
  });

  it('names a bad member name in the message', () => {
    assert.deepEqual(firstViolation('manifest', { protocol: 2, routeFiles: { web: [], Admin: [] } }),
      { pointer: '/routeFiles', message: 'member name "Admin" must match pattern "^[a-z][a-z0-9_-]{0,63}$"' });
  });

  it('accepts what the suite sends', () => {
    const good = [
      manifest([]),
      manifest([route({ chain: [{ middleware: ['TraceA', 'TraceB'] }, { name: 'n' }, { middleware: 'TraceC' }] })]),
      manifest([{ group: { prefix: '/admin', middleware: ['TraceA'] }, routes: [{ group: {}, routes: [route({ handler: { closure: 'args' } })] }] }]),
      manifest([{ resource: 'photos', controller: 'PhotoController' }, route({ handler: { closure: 'json', value: { a: [1, null] } } })]),
      { protocol: 2, routeFiles: { web: [], boot: [route()], prov: [], unlisted: [] }, bootstrap: ['boot'], providers: ['prov'] },
      manifest([route({ uri: '/fw/__fw', handler: { controller: 'Unknown', action: 'x' } })]),
    ];
    for (const m of good) assert.equal(firstViolation('manifest', m), null, JSON.stringify(m));
  });
});

describe('the other message schemas', () => {
  it('error: a manifest error needs a pointer, an unsupported one a capability', () => {
    assert.equal(firstViolation('error', { error: { kind: 'manifest', message: 'm' } })?.pointer, '/error');
    assert.equal(firstViolation('error', { error: { kind: 'manifest', message: 'm', pointer: '' } }), null);
    assert.equal(firstViolation('error', { error: { kind: 'manifest', message: 'm', pointer: 'routeFiles' } })?.pointer, '/error/pointer');
    assert.equal(firstViolation('error', { error: { kind: 'unsupported', message: 'm' } })?.pointer, '/error');
    assert.equal(firstViolation('error', { error: { kind: 'oops', message: 'm' } })?.pointer, '/error/kind');
  });

  it('echo: typed values must match their type', () => {
    const echo = (value: unknown) => ({ action: 'EchoController@x', params: { v: value } });
    assert.equal(firstViolation('echo', echo({ type: 'int', value: 7 })), null);
    assert.notEqual(firstViolation('echo', echo({ type: 'int', value: '7' })), null);
    assert.notEqual(firstViolation('echo', echo({ type: 'Request', value: { method: 'GET' } })), null);
    assert.notEqual(firstViolation('echo', echo({ type: 'Request', value: { method: 'GET', path: 7 } })), null);
    assert.equal(firstViolation('echo', echo({ type: 'Request', value: { method: 'GET', path: '/a' } })), null);
    assert.notEqual(firstViolation('echo', { action: 'EchoController@none', params: [] }), null);
  });

  it('app-loaded: the id pattern', () => {
    assert.equal(firstViolation('app-loaded', { app: 'a-1_B' }), null);
    assert.equal(firstViolation('app-loaded', { app: 'a/1' })?.pointer, '/app');
    assert.equal(firstViolation('app-loaded', { app: 'x'.repeat(65) })?.pointer, '/app');
  });
});
