import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { checkAdapter, CHECKS, type CheckReport } from '../../src/check-adapter';
import { CATALOG_ACTIONS } from '../../src/protocol/catalog';
import type { Capability, Info } from '../../src/protocol';

/*
 * Which capability a catalog entry belongs to, as --check-adapter reports it, against protocol §5
 * and the guide: PhotoController is ported for `resources` (issue 35), so an adapter that leaves
 * `resources` out is not asked for it, and one that declares it sees it under catalog.resources.
 */

const REPO = path.resolve(__dirname, '..', '..', '..');
const TOKEN = 'catalog-test';
const PHOTO = CATALOG_ACTIONS.PhotoController!.map((a) => `PhotoController@${a}`);

/** An adapter whose every catalog entry is a stub: loads anything, answers each application request not-ported. */
function stubAdapter(): http.Server {
  return http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/__fw/apps' && req.method === 'POST') {
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"app":"a1"}');
      } else if (req.url?.startsWith('/__fw/')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"kind":"not-found","message":"no"}}');
      } else {
        res.writeHead(501, { 'content-type': 'application/json', 'x-fw-error': 'not-ported', 'x-fw-trace': '' })
          .end('{"error":{"kind":"not-ported","message":"not ported"}}');
      }
    });
  });
}

let server: http.Server;
let url: string;

before(async () => {
  server = stubAdapter();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

function check(capabilities: Capability[]): Promise<CheckReport> {
  const info: Info = { protocol: 2, implementation: { name: 'stubs', version: '0', language: 'JavaScript' }, capabilities };
  return checkAdapter({ address: { url, token: TOKEN }, info }, { requestTimeoutMs: 2000 });
}

function result(report: CheckReport, id: string) {
  const found = report.checks.find((c) => c.id === id);
  assert.ok(found, `no check ${id}`);
  return found;
}

/** The first cells of the rows of a markdown file's tables whose other cells name `word`. */
function rowsNaming(file: string, word: string): string[] {
  return fs.readFileSync(path.join(REPO, file), 'utf8').split('\n')
    .filter((line) => line.startsWith('|') && line.includes(word))
    .map((line) => line.split('|')[1]!.trim());
}

describe('--check-adapter: PhotoController is a catalog entry of "resources"', () => {
  it('is listed under catalog.resources, and not under catalog.routing', async () => {
    const report = await check(['routing', 'resources']);
    const resources = result(report, 'catalog.resources');
    assert.equal(resources.status, 'fail');
    assert.match(resources.title, /"resources" is ported: PhotoController \(7\)$/);
    assert.match(resources.messages[0]!, new RegExp(`^§5: "resources" is declared, .*not ported yet \\(7 of 7\\): ${PHOTO.join(', ')}$`));
    const routing = result(report, 'catalog.routing');
    assert.doesNotMatch(routing.title, /PhotoController/);
    assert.match(routing.messages[0]!, /not ported yet \(21 of 21\): EchoController@none, /);
    assert.doesNotMatch(routing.messages[0]!, /PhotoController/);
  });

  it('is not asked of an adapter that leaves "resources" out', async () => {
    const report = await check(['routing']);
    assert.deepEqual(result(report, 'catalog.resources').messages, ['the adapter does not declare "resources" (§5)']);
    assert.equal(result(report, 'catalog.resources').status, 'skip');
    assert.doesNotMatch(result(report, 'catalog.routing').messages[0]!, /PhotoController/);
  });

  it('is what protocol §5 and the guide list under "resources", and only there', () => {
    assert.ok(CHECKS.some((c) => c.id === 'catalog.resources'));
    assert.deepEqual(rowsNaming('docs/adapter-protocol.md', 'PhotoController').filter((cell) => cell.startsWith('`')), ['`resources`']);
    assert.deepEqual(rowsNaming('docs/writing-an-adapter.md', 'PhotoController').filter((cell) => cell.startsWith('`')), ['`resources`']);
  });
});

describe('--check-adapter against an adapter that serves several requests at once (info.concurrency)', () => {
  it('sends the catalog requests at once and reports exactly what one request at a time reports', async () => {
    // Every third entry is ported; answers come back out of order (a delay that falls with the path's length).
    let running = 0;
    let most = 0;
    const slow = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url === '/__fw/apps' && req.method === 'POST') {
          res.writeHead(201, { 'content-type': 'application/json' }).end('{"app":"a1"}');
          return;
        }
        if (req.url?.startsWith('/__fw/')) {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"kind":"not-found","message":"no"}}');
          return;
        }
        running += 1;
        most = Math.max(most, running);
        const n = Number(/catalog\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
        setTimeout(() => {
          running -= 1;
          if (n % 3 === 0) res.writeHead(200, { 'content-type': 'text/plain', 'x-fw-trace': '' }).end('ok');
          else res.writeHead(501, { 'content-type': 'application/json', 'x-fw-error': 'not-ported', 'x-fw-trace': '' }).end('{"error":{"kind":"not-ported","message":"not ported"}}');
        }, 30 - (req.url ?? '').length % 25);
      });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      const capabilities: Capability[] = ['routing', 'groups', 'middleware', 'resources', 'injection', 'views'];
      const report = async (concurrency?: number) => {
        const info: Info = { protocol: 2, implementation: { name: 'slow', version: '0', language: 'JavaScript' }, capabilities, ...(concurrency ? { concurrency } : {}) };
        const r = await checkAdapter({ address: { url: at, token: TOKEN }, info }, { requestTimeoutMs: 2000 });
        return r.checks;
      };
      const alone = await report();
      assert.equal(most, 1, 'one request at a time without info.concurrency');
      most = 0;
      const together = await report(8);
      assert.ok(most > 4, `${most} requests at once`);
      assert.deepEqual(together, alone);
      assert.match(result({ checks: together } as CheckReport, 'catalog.routing').messages[0]!, /not ported yet \(14 of 21\)/);
    } finally {
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});
