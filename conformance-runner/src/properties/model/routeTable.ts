import type { Handler, HttpVerb, Manifest, Statement } from '../../protocol';
import { matchSegments, parsePattern, pathSegments, type PatternSegment } from './pattern';

/**
 * The runner's model of the spec's router: the routes a manifest registers (groups and resources
 * expanded), and the outcome the spec prescribes for a request (Dispatch, Errors). Properties
 * compare targets against this model, so it states the spec and nothing else: where the spec is
 * silent the generators avoid the case rather than the model guessing.
 */
export interface FlatRoute {
  /** Registration order, from 0. */
  index: number;
  method: HttpVerb;
  /** The full URI pattern after group prefixes. */
  uri: string;
  segments: PatternSegment[];
  handler: Handler;
  name?: string;
  /** For the seven routes of a resource(): which resource() call (prefix and name) made it. */
  resource?: string;
}

export const VERBS: readonly HttpVerb[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The seven routes of `resource()` in the spec's order: method, path suffix, action. */
export const RESOURCE_ROUTES: ReadonlyArray<{ method: HttpVerb; suffix: string; action: string }> = [
  { method: 'GET', suffix: '', action: 'index' },
  { method: 'GET', suffix: '/create', action: 'create' },
  { method: 'POST', suffix: '', action: 'store' },
  { method: 'GET', suffix: '/{id}', action: 'show' },
  { method: 'GET', suffix: '/{id}/edit', action: 'edit' },
  { method: 'PUT', suffix: '/{id}', action: 'update' },
  { method: 'DELETE', suffix: '/{id}', action: 'destroy' },
];

/**
 * Concatenates a group prefix and a URI. The spec says prefixes are "concatenated"; how slashes
 * join is not shown, so the generators only use prefixes "/a" (leading slash, none trailing) and
 * URIs "/b", for which every reading gives "/a/b".
 */
export function joinPrefix(prefix: string, uri: string): string {
  const head = prefix.replace(/\/+$/, '');
  const tail = uri.replace(/^\/+/, '');
  if (tail === '') return head === '' ? '/' : head.startsWith('/') ? head : `/${head}`;
  const joined = `${head}/${tail}`;
  return joined.startsWith('/') ? joined : `/${joined}`;
}

/** Routes registered by the manifest's loaded route files (web, then bootstrap, then providers). */
export function flattenManifest(manifest: Manifest): FlatRoute[] {
  const out: FlatRoute[] = [];
  const files = ['web', ...(manifest.bootstrap ?? []), ...(manifest.providers ?? [])];
  for (const file of files) flattenStatements(manifest.routeFiles[file] ?? [], '', out);
  return out;
}

function flattenStatements(statements: Statement[], prefix: string, out: FlatRoute[]): void {
  for (const st of statements) {
    if ('group' in st) {
      const inner = st.group.prefix === undefined ? prefix : joinPrefix(prefix, st.group.prefix);
      flattenStatements(st.routes, inner, out);
    } else if ('resource' in st) {
      for (const r of RESOURCE_ROUTES) {
        const uri = joinPrefix(prefix, `/${st.resource}${r.suffix}`);
        push(out, r.method, uri, { controller: st.controller, action: r.action }, `${st.resource}.${r.action}`, joinPrefix(prefix, `/${st.resource}`));
      }
    } else {
      let name: string | undefined;
      for (const call of st.chain ?? []) if ('name' in call) name = call.name;
      push(out, st.method, prefix === '' ? st.uri : joinPrefix(prefix, st.uri), st.handler, name);
    }
  }
}

function push(out: FlatRoute[], method: HttpVerb, uri: string, handler: Handler, name?: string, resource?: string): void {
  const route: FlatRoute = { index: out.length, method, uri, segments: parsePattern(uri), handler };
  if (name !== undefined) route.name = name;
  if (resource !== undefined) route.resource = resource;
  out.push(route);
}

export type Outcome =
  | { status: 200; route: FlatRoute; params: string[]; ambiguous: boolean }
  | { status: 405; allow: HttpVerb[] }
  | { status: 404 };

/**
 * What the spec prescribes for `method rawPath`: the matching route of that method, else 405 with
 * every method under which the URI exists, else 404. When several routes of the method match, the
 * spec does not say which one wins: the outcome names the first registered and is marked
 * ambiguous, except for the overlap resource() itself creates (`/name/create` and `/name/{id}`),
 * where the spec's table implies that create is reachable.
 */
export function dispatchModel(routes: FlatRoute[], method: string, rawPath: string): Outcome {
  const raw = pathSegments(rawPath);
  const allow = new Set<HttpVerb>();
  let hit: { route: FlatRoute; params: string[] } | undefined;
  let ambiguous = false;
  for (const route of routes) {
    const params = matchSegments(route.segments, raw);
    if (params === null) continue;
    allow.add(route.method);
    if (route.method !== method) continue;
    if (!hit) hit = { route, params };
    else if (hit.route.resource === undefined || hit.route.resource !== route.resource) ambiguous = true;
  }
  if (hit) return { status: 200, ...hit, ambiguous };
  if (allow.size > 0) return { status: 405, allow: VERBS.filter((v) => allow.has(v)) };
  return { status: 404 };
}

/** The named route, if any (the last one registered under that name). */
export function routeByName(routes: FlatRoute[], name: string): FlatRoute | undefined {
  let found: FlatRoute | undefined;
  for (const r of routes) if (r.name === name) found = r;
  return found;
}
