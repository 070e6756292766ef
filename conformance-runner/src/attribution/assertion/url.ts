import type { Finding } from '../../model/finding';
import type { Judgement, Out } from './index';
import { sameUrl, type ExpectedUrl } from '../../model/urlDifference';

/**
 * A URL the framework generated. Generation that failed stands on what resolves and fills the
 * route (its name, its segments; for a resource route with an {id}, that parameter's name: a route
 * without one, such as photos.index, cannot fail for it); a URL whose only fault is its form is
 * url.path's or url.no-empty-query's.
 */
export function judgeUrl(f: Finding, filling: string[], out: Out, idRouteNames: readonly string[]): Judgement {
  const failed = f.actual !== null && typeof f.actual === 'object' && 'failed' in f.actual;
  if (failed) return out(f.route !== undefined && idRouteNames.includes(f.route) ? [...filling, 'resources.id-name'] : filling);
  if (typeof f.actual !== 'string') return out([]);
  const actual = f.actual;
  // The expected URL behind a scheme and host: the URL is right but for being a path.
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(actual);
  const wanted = expectedUrl(f.expected);
  if (origin !== null && wanted !== undefined) {
    const rest = actual.slice(origin[0].length) || '/';
    if (rest === f.expected || (typeof f.expected !== 'string' && sameUrl(wanted, rest))) return out([], 'url.path');
  }
  if (typeof f.expected !== 'string') return out([]);
  const expected = f.expected;
  if (actual === `${expected}?`) return out([], 'url.no-empty-query');
  // A placeholder left in the URL of a route whose parameter shares its segment (in the manifest's
  // notation, or the framework's own ":name"): the parameter was never recognised in the pattern
  // (what the route's own requests show too).
  if (/\{[A-Za-z_]|%7B[A-Za-z_]|[/\-.]:[A-Za-z_]/i.test(actual) && filling.includes('params.within-segment')) return { ...out([]), needs: ['params.within-segment'] };
  return out([]);
}

export function expectedUrl(e: unknown): string | ExpectedUrl | undefined {
  if (typeof e === 'string') return e;
  if (e === null || typeof e !== 'object') return undefined;
  const x = e as { path?: unknown; segments?: unknown; query?: unknown };
  const query = Array.isArray(x.query) ? x.query as Array<[string, string]> : [];
  if (Array.isArray(x.segments)) return { segments: x.segments as string[], query };
  if (typeof x.path === 'string') return { segments: x.path === '/' ? [] : x.path.replace(/^\//, '').split('/'), query };
  return undefined;
}
