import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { AdapterClient } from '../../src/protocol/AdapterClient';
import { MisplacedExceptions } from '../../src/protocol/misplacedException';
import { CLIP } from '../../src/protocol/clip';
import { describeFrameworkError, frameworkErrorOf, parseFrameworkError } from '../../src/protocol/frameworkError';

const BINDING = JSON.stringify({
  class: 'Illuminate\\Contracts\\Container\\BindingResolutionException',
  message: 'Unable to resolve dependency [Parameter #0 [ <required> $alpha ]] in class Closure',
  file: '/usr/share/php/Illuminate/Container/BoundMethod.php', line: 190,
});

describe('X-Fw-Exception: the framework\'s error behind an answer (protocol §3.3)', () => {
  it('reads class, message, file and line, and says them on one line', () => {
    const e = parseFrameworkError(BINDING);
    assert.deepEqual(e, {
      class: 'Illuminate\\Contracts\\Container\\BindingResolutionException',
      message: 'Unable to resolve dependency [Parameter #0 [ <required> $alpha ]] in class Closure',
      file: '/usr/share/php/Illuminate/Container/BoundMethod.php', line: 190,
    });
    assert.equal(describeFrameworkError(e),
      'Illuminate\\Contracts\\Container\\BindingResolutionException: Unable to resolve dependency [Parameter #0 [ <required> $alpha ]] in class Closure at /usr/share/php/Illuminate/Container/BoundMethod.php:190');
  });

  it('takes file and line as optional, and ignores members it does not know', () => {
    const e = parseFrameworkError('{"class":"Error","message":"probe failure","trace":["x"]}');
    assert.deepEqual(e, { class: 'Error', message: 'probe failure', file: null, line: null });
    assert.equal(describeFrameworkError(e), 'Error: probe failure');
    assert.equal(parseFrameworkError('{"class":"E","message":"m","file":"f.php","line":-3}').line, null);
    assert.equal(describeFrameworkError(parseFrameworkError('{"class":"E","message":"m","file":"f.php"}')), 'E: m at f.php');
  });

  it('clips what a target makes long, with the clip stated', () => {
    const e = parseFrameworkError(JSON.stringify({ class: 'C'.repeat(1000), message: 'm'.repeat(3000), file: 'f'.repeat(2000), line: 1 }));
    assert.ok(e.class!.startsWith('C'.repeat(CLIP.nameChars)) && e.class!.includes('1,000 characters, clipped to 200'), e.class!);
    assert.ok(e.message.includes('3,000 characters, clipped to 1,000'));
    assert.ok(e.message.length < 1100);
    assert.ok(e.file!.length < 600);
  });

  it('makes the text inert: line breaks become spaces, other controls are shown escaped', () => {
    const e = parseFrameworkError(JSON.stringify({ class: 'E\u001b[2J', message: 'first\nsecond\r\n\tthird\u0007\u202e', file: 'a\u0000b', line: 2 }));
    assert.equal(e.class, 'E\\x1b[2J');
    assert.equal(e.message, 'first second third\\x07\\u202e');
    assert.equal(e.file, 'a\\x00b');
    assert.doesNotMatch(describeFrameworkError(e), /[\u0000-\u001f\u007f-\u009f\u202e]/);
  });

  it('shows a value that is not the protocol\'s JSON as it is (its head, inert), with no class', () => {
    const notJson = parseFrameworkError('RuntimeException: boom\u001b[31m');
    assert.equal(notJson.class, null);
    assert.match(notJson.message, /not the protocol's JSON\) RuntimeException: boom\\x1b\[31m$/);
    assert.equal(parseFrameworkError('{"message":"no class"}').class, null);
    assert.equal(parseFrameworkError('[1,2]').class, null);
    const huge = parseFrameworkError(`{"class":"E","message":"${'x'.repeat(20_000)}"}`);
    assert.equal(huge.class, null, 'a value past twice the adapters\' bound is not parsed');
    assert.ok(huge.message.length < 400);
  });

  it('is absent when the answer carries no header, or an empty one', () => {
    assert.equal(frameworkErrorOf({ 'content-type': 'text/html' }), undefined);
    assert.equal(frameworkErrorOf({ 'x-fw-exception': ' ' }), undefined);
    assert.equal(frameworkErrorOf(undefined), undefined);
    assert.equal(frameworkErrorOf({ 'x-fw-exception': BINDING })?.line, 190);
  });

  it('AdapterClient keeps it on the answer and in the exchange record, and never fails on it', async () => {
    const server = http.createServer((req, res) => {
      const headers: Record<string, string> = { 'content-type': 'text/html; charset=UTF-8', 'x-fw-trace': '' };
      if (req.url === '/boom') headers['x-fw-exception'] = BINDING;
      if (req.url === '/garbled') headers['x-fw-exception'] = '{not json';
      res.writeHead(req.url === '/ok' ? 200 : 500, headers).end('<!DOCTYPE html><html>…</html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new AdapterClient({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't', capabilities: ['routing'] });
    try {
      const boom = await client.send('a1', { method: 'GET', path: '/boom' });
      assert.equal(boom.status, 500);
      assert.equal(boom.frameworkError?.line, 190);
      assert.equal(client.exchanges.at(-1)!.frameworkError?.class, 'Illuminate\\Contracts\\Container\\BindingResolutionException');
      const garbled = await client.send('a1', { method: 'GET', path: '/garbled' });
      assert.equal(garbled.frameworkError?.class, null);
      const ok = await client.send('a1', { method: 'GET', path: '/ok' });
      assert.equal(ok.frameworkError, undefined);
      assert.equal('frameworkError' in client.exchanges.at(-1)!, false);
    } finally {
      await client.close();
      server.close();
    }
  });

  it('only goes with a 5xx: on any other answer it is not shown, and the run says the adapter sent it there (issue 38)', async () => {
    const server = http.createServer((req, res) => {
      const status = Number(req.url!.slice(1));
      res.writeHead(status, { 'content-type': 'application/json', 'x-fw-trace': '', 'x-fw-exception': BINDING }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const misplaced = new MisplacedExceptions();
    const client = new AdapterClient({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't', capabilities: ['routing'], misplaced });
    try {
      assert.equal(misplaced.warning(), undefined, 'nothing to say before');
      for (const status of [200, 201, 404]) {
        const answer = await client.send('a1', { method: 'GET', path: `/${status}` });
        assert.equal(answer.frameworkError, undefined, `not on a ${status}`);
        assert.equal('frameworkError' in client.exchanges.at(-1)!, false);
      }
      assert.equal((await client.send('a1', { method: 'GET', path: '/503' })).frameworkError?.line, 190, 'on a 5xx');
      assert.deepEqual(misplaced.counted(), { count: 3, first: 'GET /200 → 200' });
      assert.match(misplaced.warning()!, /^the adapter sent X-Fw-Exception with 3 answers that are not a 5xx \(first: GET \/200 → 200\); protocol §3\.3 sends it with a 5xx only/);
    } finally {
      await client.close();
      server.close();
    }
  });
});
