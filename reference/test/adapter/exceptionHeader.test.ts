import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseFrameworkError } from '../../../conformance-runner/src/protocol/frameworkError';
import { exceptionHeader } from '../../adapter/ExceptionHeader';
import { AUTH, request, startAdapter, type RunningAdapter } from './helpers';

describe('X-Fw-Exception: the adapter attaches the framework\'s error to a 5xx (protocol §3.3)', () => {
  let adapter: RunningAdapter;
  let app: string;
  const logged: string[] = [];
  const write = process.stderr.write.bind(process.stderr);

  before(async () => {
    adapter = await startAdapter();
    const loaded = await request(adapter.port, 'POST', '/__fw/apps', { protocol: 2, routeFiles: { web: [
      { method: 'GET', uri: '/boom', handler: { controller: 'FailController', action: 'explode' } },
      { method: 'GET', uri: '/fine', handler: { closure: 'text', value: 'fine' } },
    ] } }, AUTH);
    assert.equal(loaded.status, 201, loaded.text);
    app = (loaded.json as { app: string }).app;
    // The framework logs what it turned into a 500 on stderr: kept here, off the test's output.
    process.stderr.write = ((chunk: string | Uint8Array) => { logged.push(String(chunk)); return true; }) as typeof process.stderr.write;
  });
  after(async () => {
    process.stderr.write = write;
    await adapter.close();
  });

  it('an action that throws: the framework\'s own 500 and body, plus the header naming the exception', async () => {
    const answer = await request(adapter.port, 'GET', '/boom', undefined, { 'x-fw-app': app });
    assert.equal(answer.status, 500);
    assert.deepEqual(answer.json, { message: 'Server Error' });
    assert.doesNotMatch(answer.text, /probe failure/, 'the body still reveals nothing');
    const header = answer.headers['x-fw-exception'];
    assert.equal(typeof header, 'string');
    const error = parseFrameworkError(header as string);
    assert.equal(error.class, 'Error');
    assert.equal(error.message, 'probe failure');
    assert.match(error.file ?? '', /reference\/adapter\/catalog\/FailController\.ts$/);
    assert.ok((error.line ?? 0) > 0);
    assert.ok(logged.join('').includes('probe failure'), 'the framework still reports the error');
  });

  it('answers that are not 5xx carry no header', async () => {
    const fine = await request(adapter.port, 'GET', '/fine', undefined, { 'x-fw-app': app });
    assert.equal(fine.status, 200);
    assert.equal(fine.headers['x-fw-exception'], undefined);
    const missing = await request(adapter.port, 'GET', '/missing', undefined, { 'x-fw-app': app });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['x-fw-exception'], undefined);
  });

  it('the value is printable ASCII JSON within 4096 bytes, however long or foreign the message', () => {
    class ÜberError extends Error {}
    const value = exceptionHeader(new ÜberError(`é\n${'x'.repeat(50_000)}`));
    assert.ok(value.length <= 4096, String(value.length));
    assert.match(value, /^[\x20-\x7e]+$/);
    const parsed = JSON.parse(value) as { class: string; message: string };
    assert.equal(parsed.class, 'ÜberError');
    assert.ok(parsed.message.startsWith('é\nxxx') && parsed.message.endsWith('…'));
    assert.deepEqual(JSON.parse(exceptionHeader('a string')), { class: 'string', message: 'a string' });
  });
});
