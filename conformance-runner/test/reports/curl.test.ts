import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { shellQuote } from '../../src/config/shellQuote';
import { toCurl } from '../../src/protocol/curl';
import { reproScript } from '../../src/reports/curl';
import { EXCHANGES } from './sample';

/** What sh makes of a word: the quoting is right when this gives the original text back. */
function shellWord(quoted: string): string {
  const r = spawnSync('/bin/sh', ['-c', `printf '%s' ${quoted}`], { encoding: 'utf8', env: { HOME: '/home/should-not-expand' } });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

const hasCurl = spawnSync('curl', ['--version']).status === 0;

describe('shell quoting', () => {
  const words = ["it's", 'a b', '$HOME', '`id`', '$(id)', '"double"', 'back\\slash', '*', '?', 'new\nline', 'tab\there', '', "''", 'ünïcødé ✓', '-n', '%2F..%0A', '{a,b}', '!bang', '#hash', 'semi;colon', 'pipe|amp&'];
  for (const word of words) {
    it(`round-trips ${JSON.stringify(word)} through sh`, () => {
      assert.equal(shellWord(shellQuote(word)), word);
    });
  }

  // One rule for every printed command (issue 19): plain words are quoted too, so no shell's idea
  // of a special character (zsh's leading =) can change a word.
  it('quotes every word, plain ones too', () => {
    assert.equal(shellQuote('/users/7'), `'/users/7'`);
    assert.equal(shellQuote('=cmd'), `'=cmd'`);
    assert.equal(shellQuote("it's"), `'it'\\''s'`);
  });
});

describe('curl commands rebuilt from exchanges', () => {
  it('sends the path as is, the headers and the body, and never the token', () => {
    const cmd = toCurl(EXCHANGES[1]!, 'a-17');
    assert.ok(cmd.startsWith(`curl -sS -i -X 'GET' --request-target '/it'\\''s/7?q=a%20b&x=$HOME' "$FW_TARGET"`), cmd);
    assert.ok(cmd.includes(`-H "X-Fw-App: $APP"`));
    const control = toCurl(EXCHANGES[0]!);
    assert.ok(control.includes('-H "Authorization: Bearer $FW_TOKEN"'));
    assert.ok(!control.includes('s3cr3t'));
    assert.ok(control.includes('--data-binary'));
  });

  it('sends HEAD with --head (with -X HEAD curl waits for the body Content-Length announces)', () => {
    assert.ok(toCurl({ method: 'HEAD', path: '/x', requestHeaders: {} }).startsWith(`curl -sS -i --head --request-target '/x' "$FW_TARGET"`));
  });

  it('replays a scenario against a server: same method, raw path, headers and bodies, with the loaded app id', { skip: hasCurl ? false : 'curl is not installed' }, async () => {
    const seen: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }> = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.url === '/__fw/apps') { res.writeHead(201, { 'content-type': 'application/json' }); res.end('{"app":"new-app-9","routes":1}'); return; }
        res.writeHead(req.method === 'DELETE' ? 204 : 200);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const script = reproScript(EXCHANGES, { url: origin });
      const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = require('node:child_process').spawn('/bin/sh', ['-c', script], { env: { ...process.env, FW_TOKEN: 'replay-token', HOME: '/nowhere' } });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => { stderr += d; });
        child.on('exit', (code: number | null) => resolve({ code, stderr }));
      });
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(seen.map((s) => `${s.method} ${s.url}`), ['POST /__fw/apps', "GET /it's/7?q=a%20b&x=$HOME", 'POST /__fw/url', 'DELETE /__fw/apps/new-app-9']);
      assert.equal(seen[0]!.headers.authorization, 'Bearer replay-token');
      assert.equal(seen[0]!.body, EXCHANGES[0]!.requestBody);
      assert.equal(seen[1]!.headers['x-fw-app'], 'new-app-9');
      assert.equal(seen[1]!.headers['x-note'], EXCHANGES[1]!.requestHeaders['x-note']);
      assert.equal(seen[2]!.body, '{"app":"new-app-9","name":"users.show","params":{"id":7}}');
      assert.equal(seen[3]!.headers.authorization, 'Bearer replay-token');
    } finally {
      server.close();
    }
  });

  it('after a started run: says how to start the adapter and defaults to it, FW_TARGET and FW_TOKEN override', () => {
    const script = reproScript(EXCHANGES.slice(0, 1), { url: 'http://127.0.0.1:41999', start: "php -S 127.0.0.1:$PORT adapter/index.php" });
    const lines = script.split('\n');
    assert.equal(lines[1], "#   PORT=8080 TOKEN=secret HOST=127.0.0.1 sh -c 'php -S 127.0.0.1:$PORT adapter/index.php'");
    assert.equal(lines[2], 'FW_TARGET=${FW_TARGET:-http://127.0.0.1:8080}');
    assert.equal(lines[3], 'FW_TOKEN=${FW_TOKEN:-secret}');
    assert.doesNotMatch(script, /41999/, 'the port of the run is gone by the time the report is read');
  });

  it('refuses to run without the token variable', { skip: hasCurl ? false : 'curl is not installed' }, () => {
    const r = spawnSync('/bin/sh', ['-c', reproScript(EXCHANGES.slice(0, 1), { url: 'http://127.0.0.1:9' })], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /set FW_TOKEN to the control-plane token of the adapter/);
  });
});

describe('large bodies', () => {
  it('are kept clipped, with their size; a body of one repeated character is rebuilt for the replay', async () => {
    const { storedBody, BodyTooLargeError, LIMITS } = await import('../../src/protocol/limits');
    const { readLimited } = await import('../../src/protocol/answerBody');
    const big = 'a'.repeat(LIMITS.storedBodyBytes * 3);
    assert.deepEqual(storedBody(big), { text: 'a'.repeat(LIMITS.storedBodyBytes), bytes: big.length, fill: 'a' });
    const mixed = 'é'.repeat(LIMITS.storedBodyBytes);
    const kept = storedBody(mixed);
    assert.equal(kept.fill, 'é');
    assert.ok(Buffer.byteLength(kept.text) <= LIMITS.storedBodyBytes && !kept.text.includes('\uFFFD'), 'clipped on a character boundary');
    assert.deepEqual(storedBody('small'), { text: 'small' });
    const { Readable } = await import('node:stream');
    assert.equal(await readLimited(Readable.from([Buffer.from('ab'), Buffer.from('c')]), 3), 'abc');
    await assert.rejects(readLimited(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 3), (err: unknown) => err instanceof BodyTooLargeError && /larger than 3 bytes/.test((err as Error).message));
  });

  it('replays a clipped body of one repeated character byte for byte', { skip: hasCurl ? false : 'curl is not installed' }, async () => {
    let received = -1;
    const server = http.createServer((req, res) => {
      let n = 0;
      req.on('data', (c: Buffer) => { n += c.length; if (c.some((b) => b !== 0x61)) n = -1e9; });
      req.on('end', () => { received = n; res.end('ok'); });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const exchange = { method: 'POST', path: '/upload', requestHeaders: { 'content-type': 'text/plain' }, requestBody: 'a'.repeat(8192), requestBodyBytes: 1048577, requestBodyFill: 'a', durationMs: 1 };
      // Not spawnSync: the server answers from this very event loop.
      const code = await new Promise<number | null>((resolve) => {
        require('node:child_process').spawn('/bin/sh', ['-c', `FW_TARGET=${origin}; ${toCurl(exchange)}`], { stdio: 'ignore' }).on('exit', resolve);
      });
      assert.equal(code, 0);
      assert.equal(received, 1048577);
    } finally {
      server.close();
    }
  });
});
