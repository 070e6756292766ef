import { LIMITS } from '../../reference/adapter/limits';
import { DEFAULT_MAX_URI_LENGTH } from '../../reference/src';
import type { CaseContext, StressCase } from './cases';
import { worst } from './cases';
import { rawExchange, timedRequest, type Exchange } from './net';
import { sleep } from './processes';
import { formatMs, isServerError } from './report';

/**
 * The work of a route and of a manifest (decision 55) and the catalog's actions, against the reference adapter: the
 * costliest constraint it accepts, run against the longest segment it accepts, must leave
 * GET /__fw/info answering within 100 ms; what is over the limit is refused at load.
 */

const TIMEOUT_MS = 30_000;
const INFO_MS = 100;
/** The most instructions a route may compile to; `a*a{n}b` compiles to n + 5. */
const MOST = Math.floor(LIMITS.routeWork / DEFAULT_MAX_URI_LENGTH);
const sized = (instructions: number) => `a*a{${instructions - 5}}b`;

const auth = (ctx: CaseContext) => ({ authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' });
const route = (uri: string) => ({ method: 'GET', uri, handler: { closure: 'args' } });
const manifest = (web: unknown[]) => JSON.stringify({ protocol: 2, routeFiles: { web } });

function load(ctx: CaseContext, body: string): Promise<Exchange> {
  return timedRequest(ctx.port, 'POST', '/__fw/apps', { headers: auth(ctx), body, timeoutMs: TIMEOUT_MS });
}

function errorOf(e: Exchange): { kind?: string; pointer?: string; message?: string } {
  try { return (JSON.parse(e.body) as { error: { kind?: string; pointer?: string; message?: string } }).error ?? {}; } catch { return {}; }
}

/** Loads a manifest `times` times and reports the adapter's peak RSS. */
async function repeatedly(ctx: CaseContext, body: string, times: number): Promise<{ statuses: string[]; maxMs: number; peak: number }> {
  const exchanges: Exchange[] = [];
  let peak = 0;
  for (let i = 0; i < times; i += 1) {
    const e = await load(ctx, body);
    exchanges.push(e);
    peak = Math.max(peak, ctx.rssMb());
    if (e.status === 'timeout' || e.status === 'error' || e.status === 'closed') break;
  }
  return { statuses: exchanges.map((e) => e.status), maxMs: worst(exchanges), peak };
}

export const WORK_CASES: StressCase[] = [
  {
    name: 'worst accepted constraint, longest segment',
    run: async (ctx) => {
      const accepted = await load(ctx, manifest([route(`/c/{x:${sized(MOST)}}`)]));
      const over = await load(ctx, manifest([route(`/c/{x:${sized(MOST + 1)}}`)]));
      if (accepted.status !== '201') return { ok: false, statuses: [accepted.status, over.status], maxMs: 0, note: `the largest route under the limit was refused: ${accepted.body.slice(0, 200)}` };
      const app = (JSON.parse(accepted.body) as { app: string }).app;
      // The request target at the framework's limit: '/c/' and 8,189 characters, all matched by a*.
      const segment = 'a'.repeat(DEFAULT_MAX_URI_LENGTH - 3);
      const rounds = ctx.quick ? 2 : 5;
      let worstInfo = 0;
      let worstSlow = 0;
      const statuses: string[] = [accepted.status, over.status];
      for (let i = 0; i < rounds; i += 1) {
        const slow = timedRequest(ctx.port, 'GET', `/c/${segment}`, { headers: { 'x-fw-app': app }, timeoutMs: TIMEOUT_MS });
        await sleep(5);
        const info = await rawExchange(ctx.port, `GET /__fw/info HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ctx.token}\r\nConnection: close\r\n\r\n`, { timeoutMs: TIMEOUT_MS });
        const done = await slow;
        statuses.push(info.status, done.status);
        worstInfo = Math.max(worstInfo, info.ms);
        worstSlow = Math.max(worstSlow, done.ms);
      }
      const refusal = errorOf(over);
      const refusedRight = over.status === '400' && refusal.kind === 'manifest' && refusal.pointer === '/routeFiles/web/0' && /the route GET \/c\//.test(refusal.message ?? '');
      return {
        ok: refusedRight && worstInfo <= INFO_MS && statuses.slice(2).every((s) => !isServerError(s) && s !== 'timeout'),
        statuses,
        maxMs: worstInfo,
        note: `${MOST} instructions accepted, ${MOST + 1} refused (${over.status} ${refusal.kind ?? ''} ${refusal.pointer ?? ''}); ` +
          `GET /__fw/info ${formatMs(worstInfo)} at worst (limit ${INFO_MS} ms) while a ${segment.length}-character segment took ${formatMs(worstSlow)} (${rounds} rounds)`,
      };
    },
  },
  {
    name: 'constraint near the engine\'s cap',
    run: async (ctx) => {
      const e = await load(ctx, manifest([route('/ok'), route('/c/{x:a*a{19000}b}')]));
      const error = errorOf(e);
      return {
        ok: e.status === '400' && error.kind === 'manifest' && error.pointer === '/routeFiles/web/1' && /the route GET \/c\/\{x:a\*a\{19000\}b\}/.test(error.message ?? ''),
        statuses: [e.status],
        maxMs: e.ms,
        note: `${error.kind} at ${error.pointer}: ${(error.message ?? e.body).slice(0, 120)}`,
      };
    },
  },
  {
    name: 'look-arounds past the cap, loaded 25 times',
    run: async (ctx) => {
      // 251 bytes: ten look-aheads of 1,999 characters each, once 6.5 GB after 25 loads.
      const looks = 'abcdefghij'.split('').map((c) => `(?=${c}{1999})`).join('');
      const body = manifest([route(`/l/{x:${looks}a}`)]);
      const times = ctx.quick ? 10 : 25;
      const r = await repeatedly(ctx, body, times);
      return {
        ok: r.statuses.length === times && r.statuses.every((s) => s === '400' || s === '422') && r.peak < 512,
        statuses: r.statuses,
        maxMs: r.maxMs,
        note: `${body.length}-byte manifest × ${times}: peak ${r.peak} MB (limit 512 MB)`,
      };
    },
  },
  {
    name: 'many routes near the limit',
    run: async (ctx) => {
      // 40 routes of the largest accepted constraint (each under the route limit): their sum is over the manifest's.
      const forty = manifest(Array.from({ length: 40 }, (_, i) => route(`/c${i}/{x:${sized(MOST)}}`)));
      const refused = await load(ctx, forty);
      const most = Math.floor(LIMITS.manifestWork / LIMITS.routeWork);
      const accepted = manifest(Array.from({ length: most }, (_, i) => route(`/c${i}/{x:${sized(MOST)}}`)));
      const times = ctx.quick ? 10 : 50;
      const r = await repeatedly(ctx, accepted, times);
      const error = errorOf(refused);
      return {
        ok: refused.status === '400' && error.kind === 'manifest' && r.statuses.every((s) => s === '201') && r.peak < 512,
        statuses: [refused.status, ...r.statuses],
        maxMs: Math.max(refused.ms, r.maxMs),
        note: `40 routes: ${refused.status} at ${error.pointer}; ${most} routes (${(accepted.length / 1024).toFixed(1)} KB) × ${times}: peak ${r.peak} MB (limit 512 MB)`,
      };
    },
  },
  {
    // Issue 38: the matcher tests a route again under every group prefix that matches, so K
    // prefixes that each cost nothing (native constraints) multiply one route's work by K.
    name: 'a route under many group prefixes',
    run: async (ctx) => {
      const most = Math.floor(LIMITS.manifestWork / LIMITS.routeWork);
      const grouped = (k: number) => manifest(Array.from({ length: k }, (_, i) => ({ group: { prefix: `/{p:a{1,${i + 1}}}` }, routes: [route(`/{x:${sized(MOST)}}`)] })));
      // One segment 'a' that every prefix matches, then the longest segment a request target holds.
      const target = `/a/${'a'.repeat(DEFAULT_MAX_URI_LENGTH - 3)}`;
      const statuses: string[] = [];
      const notes: string[] = [];
      let ok = true;
      let worstInfo = 0;
      for (const k of ctx.quick ? [most, 100] : [most, 100, 1000]) {
        const body = grouped(k);
        const loaded = await load(ctx, body);
        statuses.push(loaded.status);
        const size = `${(body.length / 1024).toFixed(1)} KB`;
        if (loaded.status !== '201') {
          const refusal = errorOf(loaded);
          const refusedRight = loaded.status === '400' && refusal.kind === 'manifest' && refusal.pointer === `/routeFiles/web/${most}/routes/0` &&
            /group prefixes/.test(refusal.message ?? '');
          ok &&= refusedRight && k > most;
          notes.push(`K=${k} (${size}): ${loaded.status} ${refusal.kind ?? ''} at ${refusal.pointer ?? 'no pointer'}`);
          continue;
        }
        const app = (JSON.parse(loaded.body) as { app: string }).app;
        const slow = timedRequest(ctx.port, 'GET', target, { headers: { 'x-fw-app': app }, timeoutMs: 120_000 });
        await sleep(5);
        const info = await rawExchange(ctx.port, `GET /__fw/info HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ctx.token}\r\nConnection: close\r\n\r\n`, { timeoutMs: 120_000 });
        const done = await slow;
        statuses.push(done.status, info.status);
        worstInfo = Math.max(worstInfo, info.ms);
        // What the limit allows: the work of `most` routes at the cap on one request.
        ok &&= k <= most && info.ms <= most * INFO_MS && !isServerError(done.status) && done.status !== 'timeout';
        notes.push(`K=${k} (${size}): loaded, one request ${formatMs(done.ms)}, GET /__fw/info waited ${formatMs(info.ms)}`);
      }
      return { ok, statuses, maxMs: worstInfo, note: `${notes.join('; ')} (accepted only up to K=${most}, GET /__fw/info within ${most * INFO_MS} ms)` };
    },
  },
  {
    // Found with issue 38: the framework searches every static route's path through the dynamic
    // routes registered before it (shadowing), so long static paths after costly routes make one
    // load as slow as many requests.
    name: 'long static routes after costly routes',
    run: async (ctx) => {
      const most = Math.floor(LIMITS.manifestWork / LIMITS.routeWork);
      const costly = Array.from({ length: most }, (_, i) => ({ group: { prefix: `/{p:a{1,${i + 1}}}` }, routes: [route(`/{x:${sized(MOST)}}`)] }));
      const statics = Array.from({ length: 120 }, (_, i) => ({ method: 'GET', uri: `/a/${'a'.repeat(8000)}/s${i}`, handler: { closure: 'text', value: 'x' } }));
      const body = manifest([...costly, ...statics]);
      const loading = timedRequest(ctx.port, 'POST', '/__fw/apps', { headers: auth(ctx), body, timeoutMs: 120_000 });
      await sleep(20);
      const info = await rawExchange(ctx.port, `GET /__fw/info HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ctx.token}\r\nConnection: close\r\n\r\n`, { timeoutMs: 120_000 });
      const loaded = await loading;
      const refusal = errorOf(loaded);
      return {
        ok: loaded.status === '400' && refusal.kind === 'manifest' && /static route/.test(refusal.message ?? '') && info.ms <= most * INFO_MS,
        statuses: [loaded.status, info.status],
        maxMs: Math.max(loaded.ms, info.ms),
        note: `${most} routes near the limit, then 120 static routes of 8,000 characters (${(body.length / 1e6).toFixed(2)} MB): ${loaded.status} ${refusal.kind ?? ''} ` +
          `at ${refusal.pointer ?? 'no pointer'} in ${formatMs(loaded.ms)}; GET /__fw/info meanwhile ${formatMs(info.ms)} (limit ${most * INFO_MS} ms)`,
      };
    },
  },
  {
    name: 'JavaScript\'s own method names as actions',
    run: async (ctx) => {
      const names = ['constructor', 'valueOf', 'toString', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__', 'propertyIsEnumerable'];
      const answers = await Promise.all(names.map((action) => load(ctx, manifest([{ method: 'GET', uri: '/a', handler: { controller: 'EchoController', action } }]))));
      const unknown = await load(ctx, manifest([{ method: 'GET', uri: '/a', handler: { controller: 'EchoController', action: 'noSuchAction' } }]));
      return {
        ok: unknown.status === '422' && answers.every((a) => a.status === '422' && errorOf(a).kind === 'boot'),
        statuses: answers.map((a) => a.status),
        maxMs: worst(answers),
        note: `${names.map((n, i) => `${n} ${answers[i]!.status}`).join(', ')}; an unknown action ${unknown.status}`,
      };
    },
  },
];
