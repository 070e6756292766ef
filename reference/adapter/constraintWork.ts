import { DEFAULT_MAX_URI_LENGTH, joinUri, RESOURCE_ROUTES, RoutePattern, stepsOf } from '../src';
import { LIMITS, refuse, type Trail } from './limits';
import type { Manifest, Statement } from './manifest';

/** One step of the matcher's tree: a literal segment (no work) or an edge tested with a regex. */
interface WorkStep {
  /** The matcher's identity of the step among its siblings: `/text` for a literal segment, the edge's key otherwise. */
  readonly key: string;
  readonly instructions: number;
}

/** The matcher's tree as far as work goes: one node per distinct path of steps from the root. */
type WorkNode = Map<string, WorkNode>;

/**
 * Bounds the work of matching, not only the shape of a manifest (decision 55): a constraint the
 * linear engine runs costs its instructions for every character of the input, and a request target
 * may be 8,192 bytes long, so a constraint near the engine's 20,000-instruction cap took seconds of
 * one request while the adapter answered nothing else. Before the application is built, each
 * route (resources' included) is split into the steps the matcher makes of it, under its group
 * prefixes (routing/matcher/segments.ts), and the work is counted on the tree the matcher builds
 * from them: the matcher tests an edge once for every path that leads to it, so one route under K
 * group prefixes that all match is tested K times by one request (issue 38: 1,000 prefixes of no
 * work each, over one route near the limit, held one request 46 s). A route over
 * LIMITS.routeWork, or a tree over LIMITS.manifestWork, is refused with a pointer to the route; so
 * is a static route whose registration would take the building past LIMITS.loadWork (the
 * framework searches its path through the tree built so far).
 * Returns the instructions of the tree's edges (the store counts them in the app's weight).
 */
export function assertConstraintWork(manifest: Pick<Manifest, 'routeFiles' | 'bootstrap' | 'providers'>): number {
  const root: WorkNode = new Map();
  let total = 0;
  let load = 0;
  const add = (method: string, pieces: readonly string[], at: Trail): void => {
    const uri = joinUri(pieces);
    if (!uri.includes('{')) {
      // A static route: registering it searches its path through the tree built so far.
      load += total * uri.length;
      if (load > LIMITS.loadWork) {
        refuse(`with the static route ${method} ${shown(pieces)}, building the manifest's matcher may take ${load.toLocaleString('en-US')} steps of regex matching ` +
          `(the framework searches each static route's path, ${uri.length} characters here, through the ${total} instructions of the constraints registered before it, ` +
          `to find a route that would shadow it); the adapter's limit is ${LIMITS.loadWork.toLocaleString('en-US')} (decision 55)`, at);
      }
      return;
    }
    const steps = knownSteps(uri);
    const route = steps.reduce((n, step) => n + step.instructions, 0);
    if (route * DEFAULT_MAX_URI_LENGTH > LIMITS.routeWork) {
      refuse(`the route ${method} ${shown(pieces)} may take ${workSteps(route)} steps of regex matching on one request ` +
        `(its constraints compile to ${route} instructions, each run for every character of a request target of up to ${DEFAULT_MAX_URI_LENGTH} bytes); ` +
        `the adapter's limit is ${LIMITS.routeWork.toLocaleString('en-US')} (decision 55)`, at);
    }
    let node = root;
    for (const step of steps) {
      let child = node.get(step.key);
      if (child === undefined) {
        node.set(step.key, (child = new Map()));
        total += step.instructions;
      }
      node = child;
    }
    if (total * DEFAULT_MAX_URI_LENGTH > LIMITS.manifestWork) {
      refuse(`with the route ${method} ${shown(pieces)}, the manifest's constraints may take ${workSteps(total)} steps of regex matching on one request ` +
        `(${total} instructions × ${DEFAULT_MAX_URI_LENGTH} bytes: the matcher tests a constraint once for every distinct path of group prefixes ` +
        `and segments that leads to it, so a route under K group prefixes counts K times); ` +
        `the adapter's limit is ${LIMITS.manifestWork.toLocaleString('en-US')} (decision 55)`, at);
    }
  };
  const walk = (statements: Statement[], prefixes: readonly string[], trail: Trail): void => {
    statements.forEach((statement, i) => {
      const at: Trail = { parent: trail, key: String(i) };
      if ('group' in statement) return walk(statement.routes, [...prefixes, statement.group.prefix ?? ''], { parent: at, key: 'routes' });
      if ('resource' in statement) {
        // A resource's name is a URI piece like any other: `{x:…}` in it is a constraint.
        for (const [method, suffix] of RESOURCE_ROUTES) add(method, [...prefixes, `${statement.resource}${suffix}`], at);
        return;
      }
      add(statement.method, [...prefixes, statement.uri], at);
    });
  };
  for (const name of loadOrder(manifest)) walk(manifest.routeFiles[name]!, [], { parent: { parent: undefined, key: 'routeFiles' }, key: name });
  return total;
}

/**
 * The route files in the order the application loads them (web, bootstrap, providers), so that a
 * static route is searched through the tree as the framework builds it; then the files it never
 * loads, whose work is counted all the same.
 */
function loadOrder(manifest: Pick<Manifest, 'routeFiles' | 'bootstrap' | 'providers'>): string[] {
  const own = (name: string) => Object.prototype.hasOwnProperty.call(manifest.routeFiles, name);
  const names = new Set(['web', ...(manifest.bootstrap ?? []), ...(manifest.providers ?? [])].filter(own));
  for (const name of Object.keys(manifest.routeFiles)) names.add(name);
  return [...names];
}

/**
 * The steps of the URIs seen before, across manifests: a run loads the same routes again and
 * again (1,200 applications), and compiling a route again only to count its work was a fifth of
 * the adapter's work per load. The steps depend on the URI's text alone. Bounded: at most URIS
 * URIs of at most URI_CHARS characters are kept, the oldest go first.
 */
const known = new Map<string, readonly WorkStep[]>();
const URIS = 2000;
const URI_CHARS = 512;

/**
 * A URI of literal segments and whole segments `{name}` without a constraint: the matcher tests
 * none of it with a regex, so it adds no work. Most routes are such (every resource of plain
 * name): 10,000 of them took 64 ms to compile for nothing.
 */
const NO_WORK = /^(?:\/(?:\{[^{}:/]+\}|[^{}/]*))+$/;
const NONE: readonly WorkStep[] = [];

export function knownSteps(uri: string): readonly WorkStep[] {
  if (NO_WORK.test(uri)) return NONE;
  let steps = known.get(uri);
  if (steps !== undefined) return steps;
  steps = compiledSteps(uri);
  if (uri.length <= URI_CHARS) {
    if (known.size >= URIS) known.delete(known.keys().next().value!);
    known.set(uri, steps);
  }
  return steps;
}

/** How many URIs are kept (tests). */
export function knownUris(): number {
  return known.size;
}

/**
 * The steps the matcher makes of a route's whole URI (routing/matcher/RouteMatcher.ts): static
 * routes are one hash lookup and make none; none either when the URI does not compile (the
 * framework refuses the route at boot).
 */
function compiledSteps(uri: string): readonly WorkStep[] {
  try {
    const pattern = RoutePattern.compile(uri);
    if (pattern.isStatic) return NONE;
    return stepsOf(pattern).map((step) => (step.kind === 'static'
      ? { key: `/${step.text}`, instructions: 0 }
      : { key: step.key, instructions: step.regex?.instructions ?? 0 }));
  } catch {
    return NONE;
  }
}

function workSteps(instructions: number): string {
  return (instructions * DEFAULT_MAX_URI_LENGTH).toLocaleString('en-US');
}

/** The route as a message names it; a 20,000-character constraint is not repeated whole. */
function shown(pieces: readonly string[]): string {
  const uri = pieces.filter((p) => p !== '').join(' + ');
  return uri.length > 200 ? `${uri.slice(0, 200)}… (${uri.length} characters)` : uri;
}
