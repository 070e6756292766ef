import type { Finding } from '../../model/finding';
import type { Context, Judgement, Out } from './index';
import type { Manifest, Statement } from '../../protocol/manifest';
import { manifestRules } from '../features';

/** X-Fw-Trace: middleware entered against the manifest's order is another rule's by its nature; middleware that never ran, what attaches it. */

/**
 * The trace shows two middleware entered in the reverse of the order the manifest prescribes for
 * them: two of one list (middleware.list-order), or a group's before one listed deeper — a nested
 * group's or the route's own (groups.middleware-order). That is read from the answer and the
 * manifest alone, whatever the scenario expected; it counts only when the handler ran (or did not)
 * as expected, so that a middleware that fails to stop the request is not taken for an order.
 */
export function judgeTrace(f: Finding, ctx: Context, out: Out): Judgement {
  if (!Array.isArray(f.expected) || !Array.isArray(f.actual) || !ctx.manifest) return out([]);
  const handlers = (t: string[]) => t.filter((x) => x.startsWith('action:') || x.startsWith('closure:')).join(',');
  const order = requiredOrder(ctx.manifest);
  // A middleware is entered when it records its start or (WithClock) its construction, whichever comes first.
  const entered: string[] = [];
  for (const t of f.actual as string[]) {
    const name = /^mw:([^:]+):before$/.exec(t)?.[1] ?? /^ctor:(.+)$/.exec(t)?.[1];
    if (name !== undefined && !entered.includes(name)) entered.push(name);
  }
  // The handler ran more often than once: whatever registered this route wrapped it so.
  const expHandlers = (f.expected as string[]).filter((x) => x.startsWith('action:') || x.startsWith('closure:'));
  const actHandlers = (f.actual as string[]).filter((x) => x.startsWith('action:') || x.startsWith('closure:'));
  if (expHandlers.length > 0 && actHandlers.length > expHandlers.length && actHandlers.every((h) => expHandlers.includes(h))) {
    const verb = /^([A-Z]+) /.exec(f.request ?? '')?.[1]?.toLowerCase();
    return out(verb !== undefined ? [`registration.${verb}`] : []);
  }
  if (handlers(f.expected as string[]) === handlers(f.actual as string[])) {
    for (let i = 0; i < entered.length; i++) {
      for (let j = i + 1; j < entered.length; j++) {
        const rule = order.get(`${entered[j]}>${entered[i]}`);
        if (rule !== undefined) return out([], rule);
      }
    }
  }
  const names = (t: string[]) => new Set(t.map((x) => /^mw:([^:]+):before$/.exec(x)?.[1]).filter((n): n is string => n !== undefined));
  const ranNames = names(f.actual as string[]);
  const absent = [...names(f.expected as string[])].filter((n) => !ranNames.has(n));
  // A middleware that did not run at all: whatever attaches it where the manifest lists it.
  if (absent.length > 0) return out(absent.flatMap((n) => attachedBy(ctx.manifest!, n)));
  // A middleware that ran although the manifest lists it only for other routes: where routes follow
  // a group, the group's attributes reaching past its closure.
  const expectedNames = names(f.expected as string[]);
  const extra = [...ranNames].filter((n) => !expectedNames.has(n));
  if (extra.length > 0 && manifestRules(ctx.manifest).reach.includes('groups.scope')) return out(['groups.scope']);
  return out([]);
}

/**
 * "a>b" → the rule that says a is entered before b, for every pair the manifest orders one way
 * only (a pair written in both orders somewhere says nothing).
 */
function requiredOrder(manifest: Manifest): Map<string, string> {
  const pairs = new Map<string, string>();
  const add = (a: string, b: string, rule: string): void => {
    if (a !== b && !pairs.has(`${a}>${b}`)) pairs.set(`${a}>${b}`, rule);
  };
  const list = (names: string[]): void => names.forEach((a, i) => names.slice(i + 1).forEach((b) => add(a, b, 'middleware.list-order')));
  /** Returns every middleware listed in the statements, nested groups and routes included. */
  const visit = (statements: Statement[]): string[] => {
    const below: string[] = [];
    for (const s of statements) {
      if ('group' in s) {
        const own = s.group.middleware ?? [];
        list(own);
        const inner = visit(s.routes);
        for (const a of own) for (const b of inner) add(a, b, 'groups.middleware-order');
        below.push(...own, ...inner);
      } else if ('method' in s) {
        for (const call of s.chain ?? []) {
          if (!('middleware' in call)) continue;
          const names = Array.isArray(call.middleware) ? call.middleware : [call.middleware];
          list(names);
          below.push(...names);
        }
      }
    }
    return below;
  };
  for (const file of Object.values(manifest.routeFiles)) visit(file);
  for (const key of [...pairs.keys()]) {
    const [a, b] = key.split('>');
    if (pairs.has(`${b}>${a}`)) {
      pairs.delete(key);
      pairs.delete(`${b}>${a}`);
    }
  }
  return pairs;
}

/** The rules that attach middleware `name` where the manifest lists it (a group, or a route's chain). */
function attachedBy(manifest: Manifest, name: string): string[] {
  const rules = new Set<string>();
  const visit = (statements: Statement[], depth: number): void => {
    for (const s of statements) {
      if ('group' in s) {
        const here = s.group.middleware?.includes(name) ?? false;
        if (here) rules.add(depth === 0 ? 'groups.middleware' : 'groups.nested-middleware');
        visit(s.routes, s.group.middleware !== undefined ? depth + 1 : depth);
      } else if ('method' in s) {
        for (const call of s.chain ?? []) {
          if (!('middleware' in call)) continue;
          if (Array.isArray(call.middleware) ? call.middleware.includes(name) : call.middleware === name) {
            rules.add('middleware.route');
            rules.add(Array.isArray(call.middleware) ? 'registration.middleware-array' : 'registration.middleware-string');
          }
        }
      }
    }
  };
  for (const file of Object.values(manifest.routeFiles)) visit(file, 0);
  return [...rules];
}
