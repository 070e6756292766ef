import type { Fault } from '../Fault';
import { parameterResolution } from './sites';

const MATCHER = 'reference/src/routing/matcher/RouteMatcher.ts';

/** Faults written against the rules of the dispatch.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'dispatch-first-param-edge-commits', rule: 'dispatch.method-filter',
    description: 'the matcher commits to the first parameter whose pattern takes the segment: when that branch has no route of the request\'s method it answers 405 instead of trying the routes of the method registered after it',
    patches: [
      {
        file: MATCHER,
        find: '    const edges = node.edges;\n    if (edges.length === 0) return;',
        replace: '    const edges = node.edges;\n    if (edges.length === 0) return;\n    let committed = false;',
      },
      {
        file: MATCHER,
        find: '      if (min === NONE) {\n        this.defer(child, last, end);\n        continue;\n      }',
        replace: '      if (min === NONE || committed) {\n        this.defer(child, last, end);\n        committed = true;\n        continue;\n      }',
      },
      {
        file: MATCHER,
        find: '          if (min === NONE) {\n            this.defer(child, last, end);\n            continue;\n          }',
        replace: '          if (min === NONE || committed) {\n            this.defer(child, last, end);\n            committed = true;\n            continue;\n          }',
      },
    ],
  },
  {
    id: 'dispatch-constraint-checked-after-shape', rule: 'dispatch.regex-match',
    description: 'the matcher picks the first constrained parameter of a node by shape and gives up when its constraint rejects the segment, never trying the later candidates',
    patches: [{
      file: MATCHER,
      find: '        case EDGE_PARAM_REGEX:\n          segment ??= path.slice(pos, end);\n          if (!(edge.regex as RouteRegExp).test(segment)) continue;',
      replace: '        case EDGE_PARAM_REGEX:\n          segment ??= path.slice(pos, end);\n          if (!(edge.regex as RouteRegExp).test(segment)) return;',
    }],
  },
  {
    id: 'dispatch-builtin-params-by-position', rule: 'dispatch.extract-by-name',
    description: 'route parameters are handed to the action\'s builtin parameters by position (URI order) instead of by name',
    patches: [parameterResolution([
      'const spec = specs[i] as ParamSpec;',
      "      const position = specs.slice(0, i).filter((s) => s.kind === 'builtin').length;",
      '      const values = Object.values(request.params);',
      "      const value = spec.kind === 'builtin' && position < values.length ? castParameter(spec.type, spec.name, values[position] as string) : this.resolveParameter(spec, request, container);",
    ].join('\n'))],
  },
  {
    id: 'dispatch-empty-query-kept', rule: 'dispatch.query-ignored',
    description: 'an empty query string is not split off the request target, so /about? is matched as the path "/about?"',
    patches: [{
      file: 'reference/src/http/Request.ts',
      find: 'this.path = q === -1 ? this.url : this.url.slice(0, q);',
      replace: 'this.path = q === -1 || q === this.url.length - 1 ? this.url : this.url.slice(0, q);',
    }],
  },
];
