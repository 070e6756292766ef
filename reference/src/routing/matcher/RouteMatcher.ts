import { METHOD_COUNT, methodId } from '../methods';
import type { RouteRegExp } from '../regex/RouteRegExp';
import type { Route } from '../Route';
import { NOT_ALLOWED, NOT_FOUND, NO_PARAMS, type MatchResult, type RouteFound } from './MatchResult';
import { EDGE_PARAM, EDGE_PARAM_REGEX, EDGE_SEGMENT_REGEX, stepsOf, type Step } from './segments';
import { StaticChildren } from './StaticChildren';

const NONE = Number.POSITIVE_INFINITY;
const MAX_ANSWER_ONLY = 1024;
const MAX_ANSWER_ONLY_PATH = 256;

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
  /**
   * Whole answers for this literal path (dynamic routes included) by method
   * id + 1 (0: methods without routes), remembered for the table `version`
   * they were computed on: a 404 or 405 on a static path then costs what a
   * 200 does.
   */
  answers: Array<MatchResult | undefined> | null = null;
  version = -1;
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
  /** Bumped by every add(): answers remembered on static slots are only valid for one version. */
  private version = 0;
  /**
   * Paths without static routes whose slot only remembers answers. A 404 or
   * 405 needs the whole 405 walk (every method's routes), which a repeated
   * bad request would otherwise pay each time; remembering it in a slot of
   * `statics` makes it one hash lookup, like a static route. Bounded: dropped
   * when full and whenever a route is added; long paths are not kept.
   */
  private readonly answerOnly: string[] = [];

  // Search state lives on the instance: matching is synchronous, and this keeps the hot path allocation-free.
  private path = '';
  private method = 0;
  private bestIndex = NONE;
  private best: Route | null = null;
  private bestParams: readonly string[] = NO_PARAMS;
  /** Captured values; null where the value is path[captureStart, captureEnd), sliced only for the winner. */
  private readonly captures: Array<string | null> = [];
  private readonly captureStart: number[] = [];
  private readonly captureEnd: number[] = [];
  private depth = 0;
  /** Methods of routes seen to match the whole path while searching (for 405). */
  private found = 0;
  /** Matching subtrees skipped because they hold no route for the method: walked for 405 only if needed. */
  private readonly deferredNodes: Node[] = [];
  private readonly deferredPositions: number[] = [];
  private deferred = 0;

  /** Adds a route; call in registration order (route.index must be increasing). */
  add(route: Route): void {
    this.version++;
    this.dropAnswerOnly();
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
    let slot = this.statics.get(path);
    if (slot !== undefined) {
      if (id >= 0) {
        const found = slot.found[id] as RouteFound | null;
        if (found !== null) return found;
      }
      if (slot.version === this.version) {
        const known = (slot.answers as Array<MatchResult | undefined>)[id + 1];
        if (known !== undefined) return known;
      }
    }
    const result = this.resolve(id, path, slot === undefined ? 0 : slot.mask);
    if (slot === undefined) {
      if (result.status === 200 || path.length > MAX_ANSWER_ONLY_PATH) return result;
      if (this.answerOnly.length >= MAX_ANSWER_ONLY) this.dropAnswerOnly();
      this.statics.set(path, (slot = new StaticSlot()));
      this.answerOnly.push(path);
    }
    if (slot.version !== this.version) {
      slot.answers = new Array<MatchResult | undefined>(METHOD_COUNT + 1);
      slot.version = this.version;
    }
    // The path is fixed, so the answer is too; frozen because it is shared.
    if (result.status === 200) Object.freeze(result.params);
    return ((slot.answers as Array<MatchResult | undefined>)[id + 1] = Object.freeze(result));
  }

  private dropAnswerOnly(): void {
    // Every path listed was without a static route when listed, and add() empties the list before adding one.
    for (const path of this.answerOnly) this.statics.delete(path);
    this.answerOnly.length = 0;
  }

  /** The tree search and the 405 walk; `mask`: methods of static routes on this exact path. */
  private resolve(id: number, path: string, mask: number): MatchResult {
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
          if (min === NONE) {
            this.defer(child, last, end);
            continue;
          }
          // No substring yet: most parameter branches are dead ends.
          this.captures[this.depth] = null;
          this.captureStart[this.depth] = pos;
          this.captureEnd[this.depth++] = end;
          if (last) this.terminal(child);
          else this.search(child, end + 1);
          this.depth = depth;
          continue;
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
      this.captures[this.depth++] = segment as string;
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
      this.bestParams = this.depth === 0 ? NO_PARAMS : this.params();
    } else if (index === NONE) {
      this.found |= node.terminalMask;
    }
  }

  private params(): string[] {
    const out = new Array<string>(this.depth);
    for (let i = 0; i < this.depth; i++) {
      out[i] = this.captures[i] ?? this.path.slice(this.captureStart[i], this.captureEnd[i]);
    }
    return out;
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

