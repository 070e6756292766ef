import type { Fault } from '../Fault';
import { DISPATCHER, ROUTER } from './sites';

const PATTERN = 'reference/src/routing/RoutePattern.ts';
const MATCHER = 'reference/src/routing/matcher/RouteMatcher.ts';
const SEGMENTS = 'reference/src/routing/matcher/segments.ts';
const STATICS = 'reference/src/routing/matcher/StaticChildren.ts';

/** A second search, flagged, when the first found no route of any method (a 404). */
const FALLBACK_FIELD = { file: MATCHER, find: '  private depth = 0;\n', replace: '  private depth = 0;\n  private fallback = false;\n' };
const FALLBACK_SEARCH = {
  file: MATCHER,
  find: '      this.collect(this.root, 1);\n      mask = this.found;\n    }\n',
  replace: [
    '      this.collect(this.root, 1);',
    '      mask = this.found;',
    '    }',
    '    if (mask === 0 && id >= 0 && this.root.min[id] !== NONE) {',
    '      this.start(id, path);',
    '      this.fallback = true;',
    '      this.search(this.root, 1);',
    '      this.fallback = false;',
    '      const retried = this.best;',
    '      if (retried !== null) {',
    '        this.best = null;',
    '        return { status: 200, route: retried, params: this.bestParams };',
    '      }',
    '    }',
    '',
  ].join('\n'),
};

/** Faults written against the rules of the params.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'params-plus-decoded-as-space', rule: 'params.segment',
    description: 'route parameters are decoded like form data (PHP urldecode instead of rawurldecode), so a "+" in a segment becomes a space',
    patches: [
      { file: ROUTER, find: "if (value.indexOf('%') === -1) {", replace: "if (value.indexOf('%') === -1 && value.indexOf('+') === -1) {" },
      { file: ROUTER, find: 'params[names[i] as string] = decodeURIComponent(value);', replace: "params[names[i] as string] = decodeURIComponent(value.replace(/\\+/g, ' '));" },
    ],
  },
  {
    id: 'params-trailing-param-catch-all', rule: 'params.default-constraint',
    description: 'when nothing matches, a {name} that ends its pattern after a literal segment (/users/{id}) is retried as a catch-all and takes the rest of the path, slashes included',
    patches: [
      FALLBACK_FIELD,
      {
        file: MATCHER,
        find: '          this.captureEnd[this.depth++] = end;\n          if (last) this.terminal(child);',
        replace: [
          '          this.captureEnd[this.depth++] = end;',
          '          if (!last && this.fallback && child.statics === null && child.edges.length === 0 && /[^}]\\/\\{[^{}]+\\}$/.test(child.routes[id]?.uri ?? \'\')) {',
          '            this.captures[this.depth - 1] = path.slice(pos);',
          '            this.terminal(child);',
          '          } else if (last) this.terminal(child);',
        ].join('\n'),
      },
      FALLBACK_SEARCH,
    ],
  },
  {
    id: 'params-default-accepts-empty', rule: 'params.default-nonempty',
    description: 'the matcher refuses an empty value only for a {name} in the first segment: later ones take an empty segment (a default constraint of [^/]*), so /users/ reaches /users/{id}',
    patches: [{
      file: MATCHER,
      find: '        case EDGE_PARAM:\n          if (end === pos) continue;',
      replace: '        case EDGE_PARAM:\n          if (end === pos && pos === 1) continue;',
    }],
  },
  {
    id: 'params-constraint-split-at-last-colon', rule: 'params.constraint-regex',
    description: 'the pattern parser splits {name:regex} at the last colon, so a constraint that contains ":" ([a-z:]+) breaks the route',
    patches: [{ file: PATTERN, find: "const colon = body.indexOf(':');", replace: "const colon = body.lastIndexOf(':');" }],
  },
  {
    id: 'params-constraint-range-quantifier-ends-param', rule: 'params.constraint-braces',
    description: 'the pattern parser only knows {n} quantifiers inside a constraint: the "}" of {2,3} ends the parameter and the rest is kept as literal text, so {code:[A-Z]{2,3}} gets the constraint "[A-Z]{2,3" followed by a literal "}"',
    patches: [
      {
        file: PATTERN,
        find: "    } else if (c === '{') {\n      depth++;",
        replace: "    } else if (c === '{' && /^\\{\\d+\\}/.test(uri.slice(i))) {\n      depth++;",
      },
      {
        file: PATTERN,
        find: '    if (c === \'}\') throw new RoutePatternError(`unbalanced braces: unexpected "}" at offset ${i}`);\n',
        replace: '',
      },
    ],
  },
  {
    id: 'params-alternation-unparenthesised', rule: 'params.constraint-alternation',
    description: 'a whole-segment constraint is anchored as ^regex$ without a group, so the alternation a|b reads as ^a or b$',
    // ^a|b$ is "starts with a, or ends with b": each outer branch keeps only its own anchor.
    patches: [{
      file: PATTERN,
      find: 'whole: routeRegExp(constraint, [],',
      replace: "whole: routeRegExp(constraint.split('|').map((branch, i, all) => `${i > 0 ? '.*' : ''}${branch}${i < all.length - 1 ? '.*' : ''}`).join('|'), [],",
    }],
  },
  {
    id: 'params-trailing-newline-accepted', rule: 'params.anchored',
    description: 'like PCRE\'s $, matching accepts a final newline: a path ending in an encoded newline (%0A) matches the route without it',
    patches: [{
      file: ROUTER,
      find: 'const result = this.routes.match(request.method, request.path);',
      replace: "const result = this.routes.match(request.method, request.path.replace(/%0A$/i, ''));",
    }],
  },
  {
    id: 'params-static-text-unescaped', rule: 'params.literal-static',
    description: 'a path segment whose literal text contains regex metacharacters is compiled to a regex without escaping them when it is a valid regex (. matches any character, + repeats, $ anchors)',
    patches: [
      {
        file: MATCHER,
        find: '    if (route.pattern.isStatic) {',
        replace: '    if (route.pattern.isStatic && !/[.*+()$|]/.test(route.pattern.staticPath)) {',
      },
      {
        file: SEGMENTS,
        find: "  if (params.length === 0) return { kind: 'static', text: parts.map((p) => (p.kind === 'static' ? p.text : '')).join('') };",
        replace: [
          '  if (params.length === 0) {',
          "    const text = parts.map((p) => (p.kind === 'static' ? p.text : '')).join('');",
          '    if (/[.*+()$|]/.test(text)) {',
          '      try {',
          "        return { kind: EDGE_SEGMENT_REGEX, key: `s${text}`, regex: new RegExp(`^${text}$`), groups: [] };",
          '      } catch {',
          '        // Not a valid regex: matched as literal text.',
          '      }',
          '    }',
          "    return { kind: 'static', text };",
          '  }',
        ].join('\n'),
      },
    ],
  },
  {
    id: 'params-static-segments-case-folded', rule: 'params.case-sensitive',
    description: 'the lookup of literal segments in the route tree folds ASCII case, so /USERS/7 reaches /users/{id}',
    patches: [
      {
        file: STATICS,
        find: 'function hashOf(text: string, start: number, end: number): number {\n',
        replace: 'function hashOf(text: string, start: number, end: number): number {\n  text = text.toLowerCase();\n',
      },
      {
        file: STATICS,
        find: 'if (path.charCodeAt(start + i) !== text.charCodeAt(i)) return false;',
        replace: 'if ((path.charCodeAt(start + i) | 0x20) !== (text.charCodeAt(i) | 0x20)) return false;',
      },
    ],
  },
  {
    id: 'params-first-segment-reads-next', rule: 'params.multiple',
    description: 'an off-by-one on the segment start: a {name} in the first path segment gets the value of the segment after it (/{a}/{b}/{c} with /x/y/z gives a=y, b=y, c=z)',
    patches: [{
      file: MATCHER,
      find: '          this.captures[this.depth] = null;\n',
      replace: "          this.captures[this.depth] = node === this.root && !last ? (path.slice(end + 1).split('/')[0] as string) : null;\n",
    }],
  },
  {
    id: 'params-only-whole-segment', rule: 'params.within-segment',
    description: 'the pattern parser recognises a parameter only at the start of a segment and keeps v{version} or report-{year} as literal text',
    patches: [{
      file: PATTERN,
      find: "    if (c !== '{') {\n      literal += c;",
      replace: [
        "    if (c === '{' && i > 0 && uri[i - 1] !== '/') {",
        '      const end = findParamEnd(uri, i);',
        '      literal += uri.slice(i, end + 1);',
        '      i = end + 1;',
        '      continue;',
        '    }',
        "    if (c !== '{') {",
        '      literal += c;',
      ].join('\n'),
    }],
  },
  {
    id: 'params-trailing-param-optional', rule: 'params.required',
    description: 'when nothing matches, the router retries with the final {name} of a pattern left out, so /posts/{page} alone answers /posts with an empty page',
    patches: [
      FALLBACK_FIELD,
      {
        file: MATCHER,
        find: '  private terminal(node: Node): void {\n',
        replace: [
          '  private terminal(node: Node): void {',
          '    if (this.fallback && node.routeIndex[this.method] === NONE) {',
          '      const optional = node.edges.find((e) => e.kind === EDGE_PARAM && e.node.routes[this.method] !== null && e.node.statics === null && e.node.edges.length === 0);',
          '      if (optional !== undefined) {',
          "        this.captures[this.depth++] = '';",
          '        this.terminal(optional.node);',
          '        this.depth--;',
          '        return;',
          '      }',
          '    }',
          '',
        ].join('\n'),
      },
      FALLBACK_SEARCH,
    ],
  },
  {
    id: 'params-static-shadowed-by-longer', rule: 'params.optional-separate-routes',
    description: 'shadow detection at registration takes a trailing parameter for optional, so /posts registered after /posts/{page} is never matched',
    patches: [{
      file: MATCHER,
      find: '    this.search(this.root, 1);\n    const matched = this.best !== null;',
      replace: [
        '    this.search(this.root, 1);',
        '    if (this.best === null) {',
        '      this.start(id, `${path}/-`);',
        '      this.search(this.root, 1);',
        '    }',
        '    const matched = this.best !== null;',
      ].join('\n'),
    }],
  },
  {
    id: 'params-empty-match-passed', rule: 'params.empty-match-default',
    description: 'an empty match is passed to the action as "" instead of leaving the parameter to its declared default',
    patches: [{ file: DISPATCHER, find: "      if (value === '' && spec.hasDefault) return spec.defaultValue;\n", replace: '' }],
  },
];
