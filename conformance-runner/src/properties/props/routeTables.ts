import fc from 'fast-check';
import type { Capability, HttpVerb, Manifest, Statement } from '../../protocol';
import { unreservedChar } from '../regex/arbitrary';
import { isDotSegment, matchSegments, parsePattern, pathSegments, type PatternSegment } from '../model/pattern';
import { expectedBody } from '../model/probeCatalog';
import { RESOURCE_ROUTES, VERBS, dispatchModel, flattenManifest, joinPrefix, type FlatRoute } from '../model/routeTable';
import type { Check, Expectation, Extra, Plan, RequestCheck, UrlCheck } from '../engine/plan';
import type { PropertyDefinition } from '../engine/definition';

/**
 * Property 2: random route tables (verbs, static and `{param}` segments, nested groups, resources,
 * names). Tables are kept unambiguous: a route whose path shape overlaps an earlier route of the
 * same method is left out (the one overlap the spec itself creates, a resource's `create` and
 * `{id}`, is kept). Every route then reaches its own handler (`text` closure answering its id, or
 * PhotoController's echo) with each of its methods; a path registered only under other methods
 * answers 405 with exactly those methods in Allow; any other path answers 404. With names, the URL
 * generated for a route name leads back to that route.
 */
export interface TableOptions { groups: boolean; resources: boolean; names: boolean }

export type SegSpec = { kind: 'static'; word: string } | { kind: 'param' };

export type EntryCase =
  | { kind: 'route'; method: HttpVerb; segs: SegSpec[]; named: boolean }
  | { kind: 'group'; prefix: string[]; entries: EntryCase[] }
  | { kind: 'resource'; word: string };

export interface TableProbe {
  kind: 'hit' | 'other' | 'miss' | 'name';
  pick: number;
  method: number;
  values: string[];
  mutation: { op: 'add' | 'drop' | 'change'; pos: number; word: string };
}

export interface TableCase { entries: EntryCase[]; probes: TableProbe[] }

const WORDS = ['a', 'b', 'users', 'posts', 'create', 'edit', 'new', 'x-1'];
const RESOURCE_WORDS = ['photos', 'users', 'posts', 'tags'];
const PREFIX_WORDS = ['admin', 'api', 'v1', 'a', 'users'];

const verbArb = fc.constantFrom<HttpVerb>(...VERBS);
const segArb: fc.Arbitrary<SegSpec> = fc.oneof(
  fc.constantFrom(...WORDS).map((word): SegSpec => ({ kind: 'static', word })),
  fc.constant<SegSpec>({ kind: 'param' }),
);
const routeArb = (names: boolean): fc.Arbitrary<EntryCase> => fc.record({
  kind: fc.constant('route' as const),
  method: verbArb,
  segs: fc.array(segArb, { minLength: 0, maxLength: 3 }),
  named: names ? fc.boolean() : fc.constant(false),
});

/** A segment value: non-empty, unreserved, sometimes a word that also appears as static text. */
export const segmentValueArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...WORDS, ...RESOURCE_WORDS, '1', '42'),
  fc.string({ unit: unreservedChar(), minLength: 1, maxLength: 6 }).filter((v) => !isDotSegment(v)),
);

function entriesArb(o: TableOptions): fc.Arbitrary<EntryCase[]> {
  const leaf: Array<fc.Arbitrary<EntryCase>> = [routeArb(o.names)];
  if (o.resources) leaf.push(fc.constantFrom(...RESOURCE_WORDS).map((word): EntryCase => ({ kind: 'resource', word })));
  const leafArb = fc.oneof(...leaf.map((arbitrary, i) => ({ arbitrary, weight: i === 0 ? 4 : 1 })));
  if (!o.groups) return fc.array(leafArb, { minLength: 1, maxLength: 7 });
  const group = (depth: number): fc.Arbitrary<EntryCase> => fc.record({
    kind: fc.constant('group' as const),
    prefix: fc.array(fc.constantFrom(...PREFIX_WORDS), { minLength: 1, maxLength: 2 }),
    entries: fc.array(depth > 1 ? fc.oneof({ arbitrary: leafArb, weight: 3 }, { arbitrary: group(depth - 1), weight: 1 }) : leafArb, { minLength: 1, maxLength: 3 }),
  });
  return fc.array(fc.oneof({ arbitrary: leafArb, weight: 2 }, { arbitrary: group(3), weight: 2 }), { minLength: 1, maxLength: 5 });
}

function probeArb(o: TableOptions): fc.Arbitrary<TableProbe> {
  const kinds: Array<TableProbe['kind']> = ['hit', 'hit', 'other', 'miss', ...(o.names ? ['name', 'name'] as const : [])];
  return fc.record({
    kind: fc.constantFrom(...kinds),
    pick: fc.nat(63),
    method: fc.nat(4),
    values: fc.array(segmentValueArb, { minLength: 1, maxLength: 3 }),
    mutation: fc.record({ op: fc.constantFrom<'add' | 'drop' | 'change'>('add', 'drop', 'change'), pos: fc.nat(7), word: fc.oneof(fc.constantFrom(...WORDS), segmentValueArb) }),
  });
}

export function tableCaseArb(o: TableOptions): fc.Arbitrary<TableCase> {
  return fc.record({ entries: entriesArb(o), probes: fc.array(probeArb(o), { minLength: 3, maxLength: 10 }) });
}

/** How each registered route came to be, parallel to flattenManifest's order. */
interface RouteMeta { depth: number; resource: boolean }

interface Builder {
  kept: Array<{ method: HttpVerb; segments: PatternSegment[]; resource?: string }>;
  meta: RouteMeta[];
  resources: Set<string>;
  next: number;
}

export function buildManifest(entries: EntryCase[]): { manifest: Manifest; meta: RouteMeta[] } {
  const b: Builder = { kept: [], meta: [], resources: new Set(), next: 0 };
  const web = buildStatements(entries, '', 0, b);
  return { manifest: { protocol: 2, routeFiles: { web } }, meta: b.meta };
}

/**
 * Two routes of one method with the same shape (the same segments, parameters named alike or not)
 * are a duplicate registration, whose fate the spec does not show: such a route is left out.
 * Partial overlaps (`/a/{x}` and `/a/b`) are kept: they put several routes of one method behind one
 * URI, which is where Allow duplicates hide; requests they make ambiguous go to the extras.
 */
function clashes(b: Builder, method: HttpVerb, segments: PatternSegment[], resource?: string): boolean {
  return b.kept.some((k) => k.method === method && (resource === undefined || k.resource !== resource) && sameShape(k.segments, segments));
}

function sameShape(a: PatternSegment[], b: PatternSegment[]): boolean {
  return a.length === b.length && a.every((s, i) => {
    const t = b[i]!;
    return s.kind === 'param' ? t.kind === 'param' : t.kind === 'static' && s.text === t.text;
  });
}

function buildStatements(entries: EntryCase[], prefix: string, depth: number, b: Builder): Statement[] {
  const out: Statement[] = [];
  for (const e of entries) {
    if (e.kind === 'group') {
      const own = `/${e.prefix.join('/')}`;
      out.push({ group: { prefix: own }, routes: buildStatements(e.entries, joinPrefix(prefix, own), depth + 1, b) });
    } else if (e.kind === 'resource') {
      const shapes = RESOURCE_ROUTES.map((r) => ({ method: r.method, segments: parsePattern(joinPrefix(prefix, `/${e.word}${r.suffix}`)) }));
      if (b.resources.has(e.word) || shapes.some((s) => clashes(b, s.method, s.segments, e.word))) continue;
      b.resources.add(e.word);
      for (const s of shapes) {
        b.kept.push({ ...s, resource: e.word });
        b.meta.push({ depth, resource: true });
      }
      out.push({ resource: e.word, controller: 'PhotoController' });
    } else {
      let k = 0;
      const parts = e.segs.map((s) => (s.kind === 'static' ? s.word : `{p${k++}}`));
      // "/" inside a group: how it joins the prefix is not shown, so such routes are left out.
      if (parts.length === 0 && depth > 0) continue;
      const uri = `/${parts.join('/')}`;
      const segments = parsePattern(prefix === '' ? uri : joinPrefix(prefix, uri));
      if (clashes(b, e.method, segments)) continue;
      const id = `t${b.next++}`;
      b.kept.push({ method: e.method, segments });
      b.meta.push({ depth, resource: false });
      out.push({ method: e.method, uri, handler: { closure: 'text', value: id }, ...(e.named ? { chain: [{ name: `n.${id}` }] } : {}) });
    }
  }
  return out;
}

export function fillPath(segments: PatternSegment[], values: string[]): string {
  let k = 0;
  return '/' + segments.map((s) => (s.kind === 'static' ? s.text : values[k++ % values.length]!)).join('/');
}

function fillParams(segments: PatternSegment[], values: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  let k = 0;
  for (const s of segments) if (s.kind === 'param') params[s.name] = values[k++ % values.length]!;
  return params;
}

/** The model's outcome, or null when the spec does not say which of several routes answers. */
function expectation(routes: FlatRoute[], method: string, path: string): Expectation | null {
  const outcome = dispatchModel(routes, method, path);
  if (outcome.status === 200) {
    if (outcome.ambiguous) return null;
    return { status: 200, body: expectedBody(outcome.route.handler, outcome.params), route: `${outcome.route.method} ${outcome.route.uri}` };
  }
  return outcome;
}

function ruleFor(expect: Expectation, routes: FlatRoute[], meta: RouteMeta[]): string {
  if (expect.status === 404) return 'errors.not-found';
  if (expect.status === 405) return 'errors.method-not-allowed';
  const index = routes.findIndex((r) => `${r.method} ${r.uri}` === expect.route);
  const m = meta[index];
  if (m?.resource) return 'resources.routes';
  if (m && m.depth > 1) return 'groups.nested-prefix';
  if (m && m.depth === 1) return 'groups.prefix';
  return routes[index]?.segments.some((s) => s.kind === 'param') ? 'params.default-constraint' : 'dispatch.regex-match';
}

/**
 * What a URL check of a route is evidence for: its name (named.name, resources.names); for a
 * resource route with an id, a generation that fails is the parameter's name (resources.id-name:
 * Laravel's {photo}), which relies on the names.
 */
function urlRules(resource: boolean, hasParams: boolean): Pick<UrlCheck, 'rule' | 'nameRule' | 'charges'> {
  if (!resource) return { rule: 'named.name', nameRule: 'named.name' };
  return { rule: 'resources.names', nameRule: 'resources.names', ...(hasParams ? { charges: { 'url-failed': 'resources.id-name' } } : {}) };
}

function mutatePath(path: string, m: TableProbe['mutation']): string {
  const segs = path === '/' ? [] : path.slice(1).split('/');
  const at = segs.length === 0 ? 0 : m.pos % (m.op === 'add' ? segs.length + 1 : segs.length);
  if (m.op === 'add') segs.splice(at, 0, m.word);
  else if (m.op === 'drop') segs.splice(at, 1);
  else if (segs.length === 0) segs.push(m.word);
  else segs[at] = m.word;
  return `/${segs.join('/')}`;
}

export function planTableCase(value: TableCase): Plan {
  const { manifest, meta } = buildManifest(value.entries);
  const routes = flattenManifest(manifest);
  if (routes.length !== meta.length) throw new Error(`route-table builder and model disagree: ${meta.length} routes built, ${routes.length} flattened`);
  const checks: Check[] = [];
  const extras: Extra[] = [];
  const seen = new Set<string>();
  // URIs some resource route exists under: another method answering there, or listed in its Allow
  // besides the right ones, is a route the resource registered beyond its seven (Laravel's PATCH).
  const resourceUri = (path: string) => {
    const raw = pathSegments(path);
    return routes.some((r, i) => meta[i]?.resource === true && matchSegments(r.segments, raw) !== null);
  };
  const request = (method: string, path: string) => {
    const key = `${method} ${path}`;
    if (seen.has(key)) return;
    seen.add(key);
    const expect = expectation(routes, method, path);
    if (expect === null) { extras.push({ kind: 'request', method, path, note: 'several routes of the method match' }); return; }
    // A crash of the dispatcher (a route table it refuses at dispatch time, say) is charged to matching itself.
    const check: RequestCheck = { kind: 'request', method, path, expect, rule: ruleFor(expect, routes, meta), charges: { 'server-error': 'dispatch.regex-match' } };
    if (expect.status === 405 && resourceUri(path)) {
      check.charges = { ...check.charges, matched: 'resources.only-seven', 'allow-extra': 'resources.only-seven' };
      check.needs = { 'allow-extra': ['errors.allow-exact'] };
    }
    const target = expect.status === 200 ? routes.findIndex((r) => `${r.method} ${r.uri}` === expect.route) : -1;
    const handler = routes[target]?.handler;
    if (meta[target]?.resource && handler && 'controller' in handler) {
      // The right action with another id is the id's fault; another action on /name/create, create's.
      check.charges = { ...check.charges, 'wrong-params': 'resources.id-param' };
      if (handler.action === 'create') check.charges = { ...check.charges, 'wrong-body': 'resources.create-not-show' };
    }
    checks.push(check);
  };
  for (const p of value.probes) {
    if (routes.length === 0) { request(VERBS[p.method]!, mutatePath('/', p.mutation)); continue; }
    const route = routes[p.pick % routes.length]!;
    const path = fillPath(route.segments, p.values);
    if (p.kind === 'hit') request(route.method, path);
    else if (p.kind === 'other') request(VERBS[p.method]!, path);
    else if (p.kind === 'miss') request(VERBS[p.method]!, mutatePath(path, p.mutation));
    else {
      const named = routes.map((r, i) => ({ r, m: meta[i]! })).filter(({ r }) => r.name !== undefined);
      if (named.length === 0) continue;
      const { r: target, m } = named[p.pick % named.length]!;
      const filled = fillPath(target.segments, p.values);
      const params = fillParams(target.segments, p.values);
      const expect = expectation(routes, target.method, filled);
      if (expect === null) {
        extras.push({ kind: 'url', name: target.name!, params, follow: target.method, note: 'several routes of the method match the URL' });
        continue;
      }
      if (m.resource && m.depth > 0) {
        // How a group prefix changes a resource's names is not shown (groups.resource-names).
        extras.push({ kind: 'url', name: target.name!, params, follow: target.method, note: 'a resource name inside a group' });
        continue;
      }
      // A URL of a grouped route stands on the prefixes; following it, on reaching that route at all.
      const prefixes = m.depth >= 2 ? ['groups.prefix', 'groups.nested-prefix'] : m.depth === 1 ? ['groups.prefix'] : [];
      checks.push({
        kind: 'url', name: target.name!, params,
        expect: { segments: filled === '/' ? [] : filled.slice(1).split('/'), args: Object.values(params), query: [] },
        follow: { method: target.method, expect },
        ...urlRules(m.resource === true, Object.keys(params).length > 0),
        needs: { 'url-wrong': prefixes, 'follow-failed': [ruleFor(expect, routes, meta)] },
      });
    }
  }
  const hit = checks.find((c) => c.kind === 'request' && c.expect.status === 200);
  if (hit && hit.kind === 'request') {
    extras.push({ kind: 'request', method: hit.method, path: hit.path === '/' ? '//' : `${hit.path}/`, note: 'trailing slash' });
    extras.push({ kind: 'request', method: 'HEAD', path: hit.path, note: 'HEAD' });
    extras.push({ kind: 'request', method: 'OPTIONS', path: hit.path, note: 'OPTIONS' });
    extras.push({ kind: 'request', method: hit.method, path: hit.path.replace(/^\//, '//'), note: 'double slash' });
  }
  return { manifest, checks, extras };
}

function tableProperty(name: string, title: string, options: TableOptions, rules: string[], capabilities: Capability[]): PropertyDefinition<TableCase> {
  return { name, title, rules, capabilities, arbitrary: () => tableCaseArb(options), plan: planTableCase };
}

const ERROR_RULES = ['errors.not-found', 'errors.method-not-allowed', 'errors.allow-header', 'errors.allow-exact', 'dispatch.method-filter', 'dispatch.regex-match'];

export const routeTables = tableProperty('route-tables',
  'every route answers its own handler for its methods; other methods get 405 with the exact Allow; other paths 404',
  { groups: false, resources: false, names: false }, [...ERROR_RULES, 'params.default-constraint'], []);

export const groupTables = tableProperty('group-tables',
  'routes in nested groups are reached under the concatenated prefixes, and nowhere else',
  { groups: true, resources: false, names: false }, ['groups.prefix', 'groups.nested-prefix', ...ERROR_RULES], ['groups']);

export const resourceTables = tableProperty('resource-tables',
  'resource() registers its seven routes next to other routes, each reaching its PhotoController action',
  { groups: false, resources: true, names: false }, ['resources.routes', 'resources.only-seven', 'resources.id-param', 'resources.create-not-show', ...ERROR_RULES], ['resources']);

export const routeNames = tableProperty('route-names',
  'the URL generated for a route name, explicit or a resource\'s, leads back to that route',
  { groups: true, resources: true, names: true },
  ['named.name', 'resources.names', 'resources.id-name', 'resources.routes', 'resources.only-seven', 'resources.id-param', 'resources.create-not-show',
    'url.no-empty-query', 'url.round-trip', 'groups.prefix', 'groups.nested-prefix', ...ERROR_RULES],
  ['groups', 'resources', 'named-routes', 'url-generation']);

