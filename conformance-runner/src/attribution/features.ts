import type { Handler, HttpVerb, Manifest, Statement } from '../protocol/manifest';

/**
 * What a manifest uses, as rules of the spec. A failed assertion relies on the definitions that
 * set its stage (the verb that registered the route, the group that prefixed it, the closure that
 * answered); when one of those rules fails in scenarios of its own, the failure is charged there
 * and this one is reported blocked by it (docs/reports.md, "One fault, one rule").
 */
export interface ManifestRules {
  /** Rules a request relies on to reach its route: verbs, parameters, prefixes, resources, route files. */
  reach: string[];
  /** Rules the handler's answer relies on: closures, controllers. */
  handler: string[];
  /** Rules middleware relies on: route and group middleware. */
  middleware: string[];
  /** Rules a URL generation relies on: names (explicit or a resource's), URLs as paths. */
  urls: string[];
  /** Names of the resource routes whose path has the {id} (the spec's table: show, edit, update, destroy). */
  idRouteNames: string[];
}

/** The resource actions whose path shape is /{name}/{id}… in the spec's table. */
const ID_ACTIONS = ['show', 'edit', 'update', 'destroy'];

interface Seen {
  verbs: Set<HttpVerb>;
  params: boolean;
  constraints: boolean;
  prefixDepth: number;
  groupMiddlewareDepth: number;
  resources: boolean;
  resourceNames: Set<string>;
  closures: Set<string>;
  controllers: boolean;
  chainMiddleware: Set<'string' | 'array'>;
  names: boolean;
  conversions: Set<string>;
  /** A middleware list of two or more (a group attribute or one middleware() call). */
  middlewareLists: boolean;
  /** A parameter that shares its segment with static text or another parameter (a route's URI or a prefix). */
  withinSegment: boolean;
  /** A route registered after a group with attributes, in the same statements: the group's scope ends before it. */
  afterGroup: boolean;
}

/**
 * The conversion rule each catalog action's return value stands on. Only counted rules: a
 * reference-level rule never blocks a counted failure (conversion.bool and conversion.null stay out).
 */
export const CONVERSIONS: Record<string, string> = {
  'ReturnController@response': 'conversion.response',
  'ReturnController@jsonResponse': 'conversion.json-response',
  'ReturnController@redirectResponse': 'conversion.redirect-response',
  'ReturnController@array': 'conversion.array',
  'ReturnController@list': 'conversion.list',
  'ReturnController@object': 'conversion.object',
  'ReturnController@string': 'conversion.string',
  'ReturnController@emptyString': 'conversion.empty-string',
  'ReturnController@int': 'conversion.int',
  'ReturnController@float': 'conversion.float',
};
/** Controllers whose actions all return a Response made by a helper or the factory. */
const RESPONSE_CONTROLLERS = new Set(['HelperController', 'FactoryController']);

const PARAM = /\{[^}:]+(:)?/g;

export function manifestRules(manifest: Manifest): ManifestRules {
  const seen: Seen = {
    verbs: new Set(), params: false, constraints: false, prefixDepth: 0, groupMiddlewareDepth: 0, resources: false, resourceNames: new Set(),
    closures: new Set(), controllers: false, chainMiddleware: new Set(), names: false, conversions: new Set(), middlewareLists: false,
    withinSegment: false, afterGroup: false,
  };
  const loaded = ['web', ...(manifest.bootstrap ?? []), ...(manifest.providers ?? [])];
  for (const file of loaded) visit(manifest.routeFiles[file] ?? [], seen, 0, 0);

  const reach = [...[...seen.verbs].map((v) => `registration.${v.toLowerCase()}`)];
  if (seen.params) reach.push('params.segment');
  if (seen.constraints) reach.push('params.constraint-regex');
  if (seen.withinSegment) reach.push('params.within-segment');
  if (seen.prefixDepth >= 1) reach.push('groups.prefix');
  if (seen.prefixDepth >= 2) reach.push('groups.nested-prefix');
  if (seen.afterGroup) reach.push('groups.scope');
  if (seen.resources) reach.push('resources.routes');
  if ((manifest.bootstrap?.length ?? 0) > 0) reach.push('files.bootstrap');
  if ((manifest.providers?.length ?? 0) > 0) reach.push('files.provider');

  const handler: string[] = [];
  if (seen.closures.has('text') || seen.closures.has('json')) handler.push('registration.closure-direct');
  if (seen.closures.has('json')) handler.push('conversion.closure');
  if (seen.closures.has('args') || seen.closures.has('named')) handler.push('registration.closure-positional', 'conversion.closure');
  if (seen.controllers || seen.resources) handler.push('registration.controller-handler', 'overview.controller-destination');
  // What the catalog actions return is converted by a rule of its own (protocol §4.2).
  for (const rule of seen.conversions) handler.push(rule);

  const middleware: string[] = [];
  if (seen.chainMiddleware.size > 0) middleware.push('middleware.route');
  if (seen.chainMiddleware.has('string')) middleware.push('registration.middleware-string');
  if (seen.chainMiddleware.has('array')) middleware.push('registration.middleware-array');
  if (seen.groupMiddlewareDepth >= 1) middleware.push('groups.middleware');
  if (seen.groupMiddlewareDepth >= 2) middleware.push('groups.nested-middleware');
  // Orders: group middleware around the route's own, a list in its order.
  if (seen.groupMiddlewareDepth >= 1 && seen.chainMiddleware.size > 0) middleware.push('groups.middleware-order');
  if (seen.middlewareLists) middleware.push('middleware.list-order');

  const urls = ['url.path'];
  if (seen.names) urls.push('named.name');
  if (seen.resources) urls.push('resources.names');
  if (seen.params) urls.push('url.fill-segments');
  const idRouteNames = [...seen.resourceNames].flatMap((name) => ID_ACTIONS.map((a) => `${name}.${a}`));
  return { reach, handler: unique(handler), middleware, urls, idRouteNames };
}

function visit(statements: Statement[], seen: Seen, prefixDepth: number, middlewareDepth: number): void {
  let grouped = false;
  for (const s of statements) {
    if (grouped) seen.afterGroup = true;
    if ('group' in s) {
      if (s.group.prefix !== undefined || s.group.middleware !== undefined) grouped = true;
      const p = s.group.prefix !== undefined ? prefixDepth + 1 : prefixDepth;
      const m = s.group.middleware !== undefined ? middlewareDepth + 1 : middlewareDepth;
      seen.prefixDepth = Math.max(seen.prefixDepth, p);
      seen.groupMiddlewareDepth = Math.max(seen.groupMiddlewareDepth, m);
      if ((s.group.middleware?.length ?? 0) >= 2) seen.middlewareLists = true;
      if (s.group.prefix !== undefined && sharesSegment(s.group.prefix)) seen.withinSegment = true;
      visit(s.routes, seen, p, m);
    } else if ('resource' in s) {
      seen.resources = true;
      seen.resourceNames.add(s.resource);
    } else {
      seen.verbs.add(s.method);
      if (sharesSegment(s.uri)) seen.withinSegment = true;
      for (const m of s.uri.matchAll(PARAM)) {
        if (m[1] === ':') seen.constraints = true;
        else seen.params = true;
      }
      noteHandler(s.handler, seen);
      for (const call of s.chain ?? []) {
        if ('name' in call) seen.names = true;
        else {
          seen.chainMiddleware.add(Array.isArray(call.middleware) ? 'array' : 'string');
          if (Array.isArray(call.middleware) && call.middleware.length >= 2) seen.middlewareLists = true;
        }
      }
    }
  }
}

function noteHandler(handler: Handler, seen: Seen): void {
  if ('closure' in handler) {
    seen.closures.add(handler.closure);
    return;
  }
  seen.controllers = true;
  const conversion = CONVERSIONS[`${handler.controller}@${handler.action}`] ?? (RESPONSE_CONTROLLERS.has(handler.controller) ? 'conversion.response' : undefined);
  if (conversion !== undefined) seen.conversions.add(conversion);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** A segment holding a parameter and anything else (static text, another parameter). */
export function sharesSegment(uri: string): boolean {
  let depth = 0;
  let segment = '';
  const segments: string[] = [];
  for (const c of uri) {
    if (c === '{') depth++;
    else if (c === '}') depth--;
    if (c === '/' && depth === 0) {
      segments.push(segment);
      segment = '';
    } else segment += c;
  }
  segments.push(segment);
  return segments.some((seg) => seg.includes('{') && !/^\{[^]*\}$/.test(seg.trim()) || (seg.match(/\{[A-Za-z_]/g)?.length ?? 0) > 1);
}

/** `{name:regex}` → `{name}`, the regex's own braces included: the pattern with its constraints ignored. */
export function stripConstraints(uri: string): string {
  let out = '';
  for (let i = 0; i < uri.length; i++) {
    const m = /^\{([A-Za-z_][A-Za-z0-9_]*):/.exec(uri.slice(i));
    if (m === null) {
      out += uri[i];
      continue;
    }
    let depth = 0;
    let j = i;
    for (; j < uri.length; j++) {
      if (uri[j] === '{') depth++;
      else if (uri[j] === '}' && --depth === 0) break;
    }
    out += `{${m[1]}}`;
    i = j;
  }
  return out;
}
