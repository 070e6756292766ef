import { analyzeConstraint } from './constraintAnalysis';
import { encodeStaticText, escapeRegex, normalizeUri } from './paths';
import { compileRouteRegExp, type RouteRegExp } from './regex/RouteRegExp';

export const DEFAULT_CONSTRAINT = '[^/]+';

export interface StaticToken {
  readonly kind: 'static';
  /** Literal text, already in raw (percent-encoded) path form. */
  readonly text: string;
}

export interface ParamToken {
  readonly kind: 'param';
  readonly name: string;
  readonly constraint: string;
  readonly isDefaultConstraint: boolean;
  /** Capture groups inside the constraint itself. */
  readonly innerGroups: number;
  readonly segmentSafe: boolean;
  /** The constraint anchored on its own (a segment matches it whole), for the matcher and generated URL segments. */
  readonly whole: RouteRegExp;
}

export type PatternToken = StaticToken | ParamToken;

/** A defect in a URI pattern; the router wraps it with the route's method and URI. */
export class RoutePatternError extends Error {
  override name = 'RoutePatternError';
}

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * A compiled URI pattern: `/posts/{id}` or `/archive/{year:[0-9]{4}}`.
 *
 * The regex is anchored on the whole URI with `^` and `$` and no flags: in
 * JavaScript, without the `m` flag, `$` matches only at the very end, so a
 * trailing "\n" is never accepted. Each parameter is one capture group; groups
 * inside a constraint are counted so extraction by name stays correct.
 */
export class RoutePattern {
  /** Capture-group index of each parameter in `regex`, in URI order. */
  readonly groupIndexes: readonly number[];
  readonly paramNames: readonly string[];
  readonly regex: RegExp;
  /** The regex source without anchors; identical for patterns that match the same URIs by construction. */
  readonly shape: string;
  readonly isStatic: boolean;

  private constructor(
    /** Normalized URI: one leading "/", no trailing "/", literal text percent-encoded. */
    readonly uri: string,
    readonly tokens: readonly PatternToken[],
  ) {
    const names: string[] = [];
    const indexes: number[] = [];
    let group = 1;
    let source = '';
    for (const token of tokens) {
      if (token.kind === 'static') {
        source += escapeRegex(token.text);
      } else {
        names.push(token.name);
        indexes.push(group);
        group += 1 + token.innerGroups;
        source += `(${token.constraint})`;
      }
    }
    this.paramNames = names;
    this.groupIndexes = indexes;
    this.shape = source;
    this.regex = new RegExp(`^${source}$`);
    this.isStatic = names.length === 0;
  }

  /** Parses and validates a pattern; throws RoutePatternError with the reason. */
  static compile(uri: string): RoutePattern {
    const tokens = tokenize(normalizeUri(uri));
    const text = tokens.map((t) => (t.kind === 'static' ? t.text : formatParam(t))).join('');
    return new RoutePattern(text, tokens);
  }

  /** Raw (undecoded) parameter values in URI order, or null. */
  match(path: string): string[] | null {
    const m = this.regex.exec(path);
    if (m === null) return null;
    return this.groupIndexes.map((i) => m[i] as string);
  }

  /** The literal path of a static pattern. */
  get staticPath(): string {
    return this.uri;
  }
}

function formatParam(token: ParamToken): string {
  return token.isDefaultConstraint ? `{${token.name}}` : `{${token.name}:${token.constraint}}`;
}

function tokenize(uri: string): PatternToken[] {
  const tokens: PatternToken[] = [];
  const seen = new Set<string>();
  let literal = '';
  let i = 0;
  const flush = (): void => {
    if (literal !== '') tokens.push({ kind: 'static', text: encodeStaticText(literal) });
    literal = '';
  };
  while (i < uri.length) {
    const c = uri[i] as string;
    if (c === '}') throw new RoutePatternError(`unbalanced braces: unexpected "}" at offset ${i}`);
    if (c !== '{') {
      literal += c;
      i++;
      continue;
    }
    flush();
    const close = findParamEnd(uri, i);
    const body = uri.slice(i + 1, close);
    const colon = body.indexOf(':');
    const name = (colon === -1 ? body : body.slice(0, colon)).trim();
    const constraint = colon === -1 ? DEFAULT_CONSTRAINT : body.slice(colon + 1);
    if (!PARAM_NAME.test(name)) throw new RoutePatternError(`invalid parameter name "${name}"`);
    if (seen.has(name)) throw new RoutePatternError(`duplicate parameter name "${name}"`);
    seen.add(name);
    tokens.push(param(name, constraint, colon === -1));
    i = close + 1;
  }
  flush();
  return tokens;
}

/**
 * Index of the "}" that closes the parameter opened at `open`. Braces inside
 * the constraint nest (`{year:[0-9]{4}}`); escaped characters and character
 * classes are skipped so `\{` or `[{]` do not count.
 */
function findParamEnd(uri: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = open + 1; i < uri.length; i++) {
    const c = uri[i];
    if (c === '\\') {
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      if (depth === 0) return i;
      depth--;
    }
  }
  throw new RoutePatternError(`unbalanced braces: "{" at offset ${open} is never closed`);
}

function param(name: string, constraint: string, isDefault: boolean): ParamToken {
  const facts = knownConstraints.get(constraint) ?? constraintFacts(name, constraint);
  return {
    kind: 'param',
    name,
    constraint,
    isDefaultConstraint: isDefault || constraint === DEFAULT_CONSTRAINT,
    innerGroups: facts.innerGroups,
    segmentSafe: facts.segmentSafe,
    whole: facts.whole,
  };
}

/** What a constraint is, whatever parameter it constrains. */
type ConstraintFacts = Pick<ParamToken, 'innerGroups' | 'segmentSafe' | 'whole'>;

/*
 * The facts of every valid constraint met, by its text: they depend on nothing else, a few
 * constraints ([^/]+, [0-9]+) make up most routes, and working them out (two regex compiles and
 * the linear engine's analysis) was most of registering a route. Only valid constraints are kept
 * (an error names the parameter); a process that registers ever new ones starts the table afresh
 * when it is full, so it only computes, as without it.
 */
const knownConstraints = new Map<string, ConstraintFacts>();
const KNOWN_CONSTRAINTS_MAX = 1024;

function constraintFacts(name: string, constraint: string): ConstraintFacts {
  if (constraint === '') throw new RoutePatternError(`empty constraint for parameter "${name}"`);
  try {
    // Compiled alone first so a constraint like "a)(b" cannot escape its group.
    new RegExp(constraint);
  } catch (error) {
    throw new RoutePatternError(`invalid regex for parameter "${name}": ${(error as Error).message}`);
  }
  const info = analyzeConstraint(constraint);
  if (info.hasNamedGroup) {
    throw new RoutePatternError(`named groups are not allowed in the constraint of parameter "${name}"`);
  }
  if (info.hasBackreference) {
    throw new RoutePatternError(`back-references are not allowed in the constraint of parameter "${name}"`);
  }
  const facts: ConstraintFacts = {
    innerGroups: info.groups,
    segmentSafe: info.segmentSafe,
    whole: routeRegExp(constraint, [], `the constraint of parameter "${name}"`),
  };
  if (knownConstraints.size >= KNOWN_CONSTRAINTS_MAX) knownConstraints.clear();
  knownConstraints.set(constraint, facts);
  return facts;
}

/** Compiles a matcher regex; a pattern the linear engine cannot take is a registration error. */
export function routeRegExp(source: string, groups: readonly number[], what: string): RouteRegExp {
  try {
    return compileRouteRegExp(source, groups);
  } catch (error) {
    throw new RoutePatternError(`${what} cannot be matched in linear time: ${(error as Error).message}`);
  }
}
