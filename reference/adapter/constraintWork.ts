import { DEFAULT_MAX_URI_LENGTH, RoutePattern } from '../src';
import { LIMITS, refuse, type Trail } from './limits';
import type { Statement } from './manifest';

/**
 * Bounds the work of matching, not only the shape of a manifest (decision 55): a constraint the
 * linear engine runs costs its instructions for every character of the input, and a request target
 * may be 8,192 bytes long, so a constraint near the engine's 20,000-instruction cap took seconds of
 * one request while the adapter answered nothing else. Before the application is built, each
 * route's constraints (its group prefixes' included) are compiled and their work estimated; a
 * route over LIMITS.routeWork, or a manifest over LIMITS.manifestWork, is refused with a pointer
 * to the route. Returns the instructions of the manifest's distinct URIs and prefixes (the store
 * counts them in the app's weight).
 */
export function assertConstraintWork(routeFiles: Record<string, Statement[]>): number {
  // Pieces too long to be kept across manifests are still compiled once per manifest.
  const cache = new Map<string, number>();
  const counted = new Set<string>();
  let total = 0;
  const instructionsOf = (piece: string): number => {
    let n = cache.get(piece);
    if (n === undefined) {
      n = knownInstructions(piece);
      cache.set(piece, n);
    }
    return n;
  };
  const walk = (statements: Statement[], prefixes: readonly string[], trail: Trail): void => {
    statements.forEach((statement, i) => {
      const at: Trail = { parent: trail, key: String(i) };
      if ('group' in statement) return walk(statement.routes, [...prefixes, statement.group.prefix ?? ''], { parent: at, key: 'routes' });
      if ('resource' in statement) return;
      const pieces = [...prefixes, statement.uri];
      const route = pieces.reduce((n, piece) => n + instructionsOf(piece), 0);
      if (route * DEFAULT_MAX_URI_LENGTH > LIMITS.routeWork) {
        refuse(`the route ${statement.method} ${shown(pieces)} may take ${steps(route)} steps of regex matching on one request ` +
          `(its constraints compile to ${route} instructions, each run for every character of a request target of up to ${DEFAULT_MAX_URI_LENGTH} bytes); ` +
          `the adapter's limit is ${LIMITS.routeWork.toLocaleString('en-US')} (decision 55)`, at);
      }
      for (const piece of pieces) {
        if (counted.has(piece)) continue;
        counted.add(piece);
        total += instructionsOf(piece);
      }
      if (total * DEFAULT_MAX_URI_LENGTH > LIMITS.manifestWork) {
        refuse(`with the route ${statement.method} ${shown(pieces)}, the manifest's constraints may take ${steps(total)} steps of regex matching on one request ` +
          `(${total} instructions × ${DEFAULT_MAX_URI_LENGTH} bytes); the adapter's limit is ${LIMITS.manifestWork.toLocaleString('en-US')} (decision 55)`, at);
      }
    });
  };
  for (const name of Object.keys(routeFiles)) walk(routeFiles[name]!, [], { parent: { parent: undefined, key: 'routeFiles' }, key: name });
  return total;
}

/**
 * Instructions of the pieces seen before, across manifests: a run loads the same URIs and prefixes
 * again and again (1,200 applications), and compiling a piece again only to count its
 * instructions was a fifth of the adapter's work per load. The count depends on the piece's text
 * alone. Bounded: at most PIECES pieces of at most PIECE_CHARS characters are kept, the oldest go first.
 */
const known = new Map<string, number>();
const PIECES = 2000;
const PIECE_CHARS = 512;

export function knownInstructions(piece: string): number {
  let n = known.get(piece);
  if (n !== undefined) return n;
  n = compiledInstructions(piece);
  if (piece.length <= PIECE_CHARS) {
    if (known.size >= PIECES) known.delete(known.keys().next().value!);
    known.set(piece, n);
  }
  return n;
}

/** How many pieces are kept (tests). */
export function knownPieces(): number {
  return known.size;
}

/** The linear engine's instructions of a URI piece's constraints; 0 when the piece does not compile (the framework refuses it at boot). */
function compiledInstructions(piece: string): number {
  let pattern: RoutePattern;
  try {
    pattern = RoutePattern.compile(piece);
  } catch {
    return 0;
  }
  return pattern.tokens.reduce((n, token) => n + (token.kind === 'param' ? token.whole.instructions : 0), 0);
}

function steps(instructions: number): string {
  return (instructions * DEFAULT_MAX_URI_LENGTH).toLocaleString('en-US');
}

/** The route as a message names it; a 20,000-character constraint is not repeated whole. */
function shown(pieces: readonly string[]): string {
  const uri = pieces.filter((p) => p !== '').join(' + ');
  return uri.length > 200 ? `${uri.slice(0, 200)}… (${uri.length} characters)` : uri;
}
