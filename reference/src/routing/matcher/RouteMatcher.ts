import { METHOD_COUNT, methodId } from '../methods';
import type { RouteRegExp } from '../regex/RouteRegExp';
import type { Route } from '../Route';
import { NOT_ALLOWED, NOT_FOUND, NO_PARAMS, type MatchResult, type RouteFound } from './MatchResult';
import { EDGE_PARAM, EDGE_PARAM_REGEX, EDGE_SEGMENT_REGEX, stepsOf, type Step } from './segments';
import { StaticChildren } from './StaticChildren';

const NONE = Number.POSITIVE_INFINITY;

function perMethod<T>(value: T): T[] {
  return new Array<T>(METHOD_COUNT).fill(value);
}

class Node {
  statics: StaticChildren<Node> | null = null;
  readonly edges: Edge[] = [];
  /** Route ending exactly here, per method id, and its registration index. */
  readonly routes: Array<Route | null> = perMethod<Route | null>(null);
  readonly routeIndex: number[] = perMethod(NONE);
  /** Smallest registration index in this subtree, per method id: lets the search prune. */
  readonly min: number[] = perMethod(NONE);
  /** Methods with a route somewhere in this subtree / ending here (bit per method id). */
  mask = 0;
  terminalMask = 0;
}

interface Edge {
  readonly kind: number;
  readonly key: string;
  readonly regex: RouteRegExp | null;
  readonly node: Node;
}

/** Static routes sharing one literal path. */
class StaticSlot {
  /** Precomputed results; null where the method has no route or its route is shadowed. */
  readonly found: Array<RouteFound | null> = perMethod<RouteFound | null>(null);
  mask = 0;
}

/**
 * Finds the route for a method and raw path without testing routes one by one.
 *
 * - Static routes: one hash lookup on the whole path.
 * - Other routes: a segment tree. Literal segments are hash lookups, parameter
 *   segments are tested in place, and a pattern whose constraint may span "/"
 *   continues as a sticky "tail" regex. Every node records the smallest
 *   registration index below it per method, so the depth-first search returns
 *   the earliest-registered matching route and prunes any branch that cannot
 *   beat the best found so far.
 * - A static route registered after a dynamic route that already matches its
 *   path is shadowed: detected once, at registration.
 * - 405: one more walk collects the method mask of every route matching the
 *   path, pruning subtrees that add no new method.
 */
export class RouteMatcher {
  private readonly statics = new Map<string, StaticSlot>();
  private readonly root = new Node();

  // Search state lives on the instance: matching is synchronous, and this keeps the hot path allocation-free.
  private path = '';
  private method = 0;
  private bestIndex = NONE;
  private best: Route | null = null;
  private bestParams: readonly string[] = NO_PARAMS;
  private readonly captures: string[] = [];
  private depth = 0;
  /** Methods of routes seen to match the whole path while searching (for 405). */
  private found = 0;
  /** Matching subtrees skipped because they hold no route for the method: walked for 405 only if needed. */
  private readonly deferredNodes: Node[] = [];
  private readonly deferredPositions: number[] = [];
  private deferred = 0;

  /** Adds a route; call in registration order (route.index must be increasing). */
  add(route: Route): void {
    const id = methodId(route.method);
    const bit = 1 << id;
    if (route.pattern.isStatic) {
      const path = route.pattern.staticPath;
      let slot = this.statics.get(path);
      if (slot === undefined) this.statics.set(path, (slot = new StaticSlot()));
      slot.mask |= bit;
      if (slot.found[id] === null && !this.dynamicMatches(id, path)) {
        slot.found[id] = Object.freeze({ status: 200, route, params: NO_PARAMS });
      }
      return;
    }
    let node = this.root;
    const visited: Node[] = [node];
    for (const step of stepsOf(route.pattern)) {
      node = step.kind === 'static' ? this.staticChild(node, step.text) : this.edgeChild(node, step);
      visited.push(node);
    }
    if (node.routes[id] === null) {
      node.routes[id] = route;
      node.routeIndex[id] = route.index;
      node.terminalMask |= bit;
    }
    for (const n of visited) {
      n.mask |= bit;
      if (route.index < (n.min[id] as number)) n.min[id] = route.index;
    }
  }

  match(method: string, path: string): MatchResult {
    const id = methodId(method);
    const slot = this.statics.get(path);
    if (id >= 0 && slot !== undefined) {
      const found = slot.found[id] as RouteFound | null;
      if (found !== null) return found;
    }
    let mask = slot === undefined ? 0 : slot.mask;
    if (path.charCodeAt(0) !== 47) return mask === 0 ? NOT_FOUND : (NOT_ALLOWED[mask] as MatchResult);
    if (id >= 0 && this.root.min[id] !== NONE) {
      this.start(id, path);
      this.search(this.root, 1);
      const best = this.best;
      if (best !== null) {
        this.best = null;
        return { status: 200, route: best, params: this.bestParams };
      }
      // The search already collected what it saw; only the subtrees it skipped for lacking this method remain.
      this.found |= mask;
      for (let i = 0; i < this.deferred; i++) {
        this.collect(this.deferredNodes[i] as Node, this.deferredPositions[i] as number);
      }
      mask = this.found;
    } else if ((this.root.mask & ~mask) !== 0) {
      this.path = path;
      this.found = mask;
      this.collect(this.root, 1);
      mask = this.found;
    }
    return mask === 0 ? NOT_FOUND : (NOT_ALLOWED[mask] as MatchResult);
  }

  private dynamicMatches(id: number, path: string): boolean {
    if (this.root.min[id] === NONE || path.charCodeAt(0) !== 47) return false;
    this.start(id, path);
    this.search(this.root, 1);
    const matched = this.best !== null;
    this.best = null;
    return matched;
  }

  private start(id: number, path: string): void {
    this.path = path;
    this.method = id;
    this.bestIndex = NONE;
    this.best = null;
    this.depth = 0;
    this.found = 0;
    this.deferred = 0;
  }

  /**
   * Depth-first search for the earliest-registered route; `pos` is the
   * start of the current segment. Skipping a child that matches but holds
   * no route for the method is remembered (deferred) for the 405 answer.
   */
  private search(node: Node, pos: number): void {
    const path = this.path;
    const id = this.method;
    let end = path.indexOf('/', pos);
    const last = end === -1;
    if (last) end = path.length;

    const statics = node.statics;
    if (statics !== null) {
      const child = statics.get(path, pos, end);
      if (child !== undefined) this.descend(child, last, end);
    }

    const edges = node.edges;
    if (edges.length === 0) return;
    let segment: string | null = null;
    for (let i = 0; i < edges.length; i++) {
      const edge = edges[i] as Edge;
      const child = edge.node;
      const min = child.min[id] as number;
      if (min >= this.bestIndex && min !== NONE) continue;
      const depth = this.depth;
      switch (edge.kind) {
        case EDGE_PARAM:
          if (end === pos) continue;
          segment ??= path.slice(pos, end);
          break;
        case EDGE_PARAM_REGEX:
          segment ??= path.slice(pos, end);
          if (!(edge.regex as RouteRegExp).test(segment)) continue;
          break;
        case EDGE_SEGMENT_REGEX: {
          segment ??= path.slice(pos, end);
          if (min === NONE) {
            if (!(edge.regex as RouteRegExp).test(segment)) continue;
            break;
          }
          const values = (edge.regex as RouteRegExp).exec(segment);
          if (values === null) continue;
          for (const value of values) this.captures[this.depth++] = value as string;
          this.descend(child, last, end);
          this.depth = depth;
          continue;
        }
        default: {
          const regex = edge.regex as RouteRegExp;
          if (min === NONE) {
            if (regex.test(path, pos)) this.found |= child.terminalMask;
            continue;
          }
          const values = regex.exec(path, pos);
          if (values === null) continue;
          for (const value of values) this.captures[this.depth++] = value as string;
          this.terminal(child);
          this.depth = depth;
          continue;
        }
      }
      // Whole-segment parameter: the value is the segment itself.
      if (min === NONE) {
        this.defer(child, last, end);
        continue;
      }
      this.captures[this.depth++] = segment;
      if (last) this.terminal(child);
      else this.search(child, end + 1);
      this.depth = depth;
    }
  }

  private descend(child: Node, last: boolean, end: number): void {
    const min = child.min[this.method] as number;
    if (min === NONE) this.defer(child, last, end);
    else if (min < this.bestIndex) {
      if (last) this.terminal(child);
      else this.search(child, end + 1);
    }
  }

  private defer(child: Node, last: boolean, end: number): void {
    if (this.best !== null) return;
    if (last) {
      this.found |= child.terminalMask;
      return;
    }
    this.deferredNodes[this.deferred] = child;
    this.deferredPositions[this.deferred++] = end + 1;
  }

  private terminal(node: Node): void {
    const index = node.routeIndex[this.method] as number;
    if (index < this.bestIndex) {
      this.bestIndex = index;
      this.best = node.routes[this.method] as Route;
      this.bestParams = this.depth === 0 ? NO_PARAMS : this.captures.slice(0, this.depth);
    } else if (index === NONE) {
      this.found |= node.terminalMask;
    }
  }

  /** Like search, but ORs together the methods of every matching route. */
  private collect(node: Node, pos: number): void {
    const path = this.path;
    let end = path.indexOf('/', pos);
    const last = end === -1;
    if (last) end = path.length;

    const child = node.statics?.get(path, pos, end);
    if (child !== undefined && (child.mask & ~this.found) !== 0) {
      if (last) this.found |= child.terminalMask;
      else this.collect(child, end + 1);
    }
    const edges = node.edges;
    let segment: string | null = null;
    for (let i = 0; i < edges.length; i++) {
      const edge = edges[i] as Edge;
      const next = edge.node;
      if ((next.mask & ~this.found) === 0) continue;
      let matched: boolean;
      switch (edge.kind) {
        case EDGE_PARAM:
          matched = end > pos;
          break;
        case EDGE_PARAM_REGEX:
        case EDGE_SEGMENT_REGEX:
          segment ??= path.slice(pos, end);
          matched = (edge.regex as RouteRegExp).test(segment);
          break;
        default: {
          if ((edge.regex as RouteRegExp).test(path, pos)) this.found |= next.terminalMask;
          continue;
        }
      }
      if (!matched) continue;
      if (last) this.found |= next.terminalMask;
      else this.collect(next, end + 1);
    }
  }

  private staticChild(node: Node, text: string): Node {
    if (node.statics === null) node.statics = new StaticChildren();
    let child = node.statics.find(text);
    if (child === undefined) node.statics.add(text, (child = new Node()));
    return child;
  }

  private edgeChild(node: Node, step: Exclude<Step, { kind: 'static' }>): Node {
    const existing = node.edges.find((edge) => edge.key === step.key);
    if (existing !== undefined) return existing.node;
    const edge: Edge = { kind: step.kind, key: step.key, regex: step.regex, node: new Node() };
    node.edges.push(edge);
    return edge.node;
  }
}

