import { ProtocolError } from './ProtocolError';
import type { Statement } from './manifest';

/**
 * What the adapter accepts and keeps (decision 55). The runner's manifests are far below every
 * one of these; they exist so that a hostile or runaway client cannot exhaust the adapter's stack,
 * heap or event loop. A body over a limit is refused like a malformed one: 400 kind `manifest`
 * with a pointer to where the limit is exceeded (protocol §2.1).
 */
export const LIMITS = {
  /** Bytes of a control-plane request body. */
  bodyBytes: 1024 * 1024,
  /** Arrays and objects inside one another, anywhere in a control-plane body. */
  jsonDepth: 128,
  /** Groups inside one another in a route file. */
  groupDepth: 32,
  /** Routes one manifest defines, over all its route files (a resource counts 7). */
  routesPerManifest: 10_000,
  /**
   * The work one route's constraints may take on one request, in instruction steps of the linear
   * regex engine: its instructions × the longest input a constraint can see (the longest request
   * target the framework accepts, 8,192 bytes). 1,572,864 is 192 instructions at that length:
   * 30–40 ms of CPU (about 22 ns a step), for which GET /__fw/info waited 84–120 ms on a 2-core
   * machine at load 8; the regexes the suite's properties generate stay under 170 (200,000
   * sampled; 99.9% under 80), so none of theirs is refused.
   * A route of `{x:a*a{19000}b}` once took 2.2 s of one request, and nothing else was answered meanwhile.
   */
  routeWork: 1_572_864,
  /**
   * The same, summed over the edges of the matcher's tree (constraintWork.ts): what one request may
   * meet, a route under K group prefixes counted K times, as the matcher tests it.
   */
  manifestWork: 8 * 1_572_864,
  /**
   * The work of building the matcher, in the same steps: the framework checks every static route
   * against the dynamic routes registered before it (a static route they already match would be
   * shadowed), a search of the static path through the tree. Bounded like one request's work.
   */
  loadWork: 8 * 1_572_864,
} as const;

/**
 * The app store's budget: an app weighs an estimate of the heap it holds, and loading one past
 * the budget (or past the app count) evicts the least recently used apps. The estimates are upper
 * bounds measured on Node 20 (heap after GC): a route takes ~1.6 KiB (resource routes) to ~3.3 KiB
 * (a constraint, a name and two middleware); the parsed JSON an app keeps (json closures' values)
 * takes up to ~22 bytes per byte of manifest (`[{},{},...]`). So the largest app the limits allow
 * weighs 10,000 × 4 KiB + 1 MiB × 24 = 64 MiB, and the budget holds at least three.
 */
export const STORE = {
  apps: 256,
  weightBytes: 192 * 1024 * 1024,
  bytesPerRoute: 4096,
  bytesPerManifestByte: 24,
  /**
   * A linear-engine instruction: 9 bytes in each of the two programs a constraint compiles to (with
   * and without captures), a character-set test for most, and the segment regexes that repeat it.
   * Uncounted, 40 constraints of a 3 KB manifest held 540 MB against an estimate of 0.23 MB.
   */
  bytesPerInstruction: 1024,
} as const;

export function appWeight(routes: number, manifestBytes: number, instructions = 0): number {
  return routes * STORE.bytesPerRoute + manifestBytes * STORE.bytesPerManifestByte + instructions * STORE.bytesPerInstruction;
}

/** A path into the body, built only when a limit is exceeded. */
export interface Trail {
  readonly parent: Trail | undefined;
  readonly key: string;
}

function pointer(trail: Trail | undefined): string {
  const keys: string[] = [];
  for (let t = trail; t !== undefined; t = t.parent) keys.push(t.key.replace(/~/g, '~0').replace(/\//g, '~1'));
  return keys.reverse().map((k) => `/${k}`).join('');
}

export function refuse(what: string, trail: Trail | undefined): never {
  const at = pointer(trail);
  throw new ProtocolError(400, 'manifest', `${what}${at === '' ? '' : ` at ${at}`}`, { pointer: at });
}

/**
 * Before the JSON Schema check, whose validator recurses once per nesting level (1,000 nested
 * groups overflowed the stack): iterative, so any depth that JSON.parse accepts is measured safely.
 */
export function assertShallow(body: unknown): void {
  const stack: Array<{ value: unknown; depth: number; trail: Trail | undefined }> = [{ value: body, depth: 1, trail: undefined }];
  while (stack.length > 0) {
    const { value, depth, trail } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > LIMITS.jsonDepth) refuse(`the body nests arrays and objects more than ${LIMITS.jsonDepth} deep (the adapter's limit)`, trail);
    for (const key of Object.keys(value)) {
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, trail: { parent: trail, key } });
    }
  }
}

/** A manifest's nesting: groups first, since nested groups are nested JSON and theirs is the clearer message. */
export function assertShallowManifest(body: unknown): void {
  assertGroupDepth(body);
  assertShallow(body);
}

/** Groups nested deeper than the limit; reads the body as it comes, before the schema check. */
function assertGroupDepth(body: unknown): void {
  const files = isObject(body) ? body.routeFiles : undefined;
  if (!isObject(files)) return;
  const stack: Array<{ statements: unknown; depth: number; trail: Trail }> = Object.keys(files)
    .map((name) => ({ statements: files[name], depth: 0, trail: { parent: { parent: undefined, key: 'routeFiles' }, key: name } }));
  while (stack.length > 0) {
    const { statements, depth, trail } = stack.pop()!;
    if (!Array.isArray(statements)) continue;
    statements.forEach((statement: unknown, i) => {
      if (!isObject(statement) || !('group' in statement)) return;
      const at: Trail = { parent: trail, key: String(i) };
      if (depth + 1 > LIMITS.groupDepth) refuse(`groups nest more than ${LIMITS.groupDepth} deep (the adapter's limit)`, at);
      stack.push({ statements: statement.routes, depth: depth + 1, trail: { parent: at, key: 'routes' } });
    });
  }
}

/**
 * After the schema check: counts the routes the manifest defines, resources as their seven, in
 * document order so that the pointer names the statement that crosses the limit. Recursive, which
 * is safe here: assertShallow has bounded the group depth.
 */
export function assertRouteCount(routeFiles: Record<string, Statement[]>): void {
  let routes = 0;
  const walk = (statements: Statement[], trail: Trail): void => {
    statements.forEach((statement, i) => {
      const at: Trail = { parent: trail, key: String(i) };
      if ('group' in statement) return walk(statement.routes, { parent: at, key: 'routes' });
      routes += 'resource' in statement ? 7 : 1;
      if (routes > LIMITS.routesPerManifest) refuse(`the manifest defines more than ${LIMITS.routesPerManifest} routes (the adapter's limit; a resource counts 7)`, at);
    });
  };
  for (const name of Object.keys(routeFiles)) walk(routeFiles[name]!, { parent: { parent: undefined, key: 'routeFiles' }, key: name });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
