import type { Fault } from '../Fault';

const MATCHER = 'reference/src/routing/matcher/RouteMatcher.ts';
const DISPATCHER = 'reference/src/http/ControllerDispatcher.ts';

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
    ],
  },
  {
    id: 'dispatch-constraint-checked-after-shape', rule: 'dispatch.regex-match',
    description: 'the matcher picks the first constrained parameter of a node by shape and gives up when its constraint rejects the segment, never trying the later candidates',
    patches: [{
      file: MATCHER,
      find: '          if (!(edge.regex as RegExp).test(segment)) continue;',
      replace: '          if (!(edge.regex as RegExp).test(segment)) return;',
    }],
  },
  {
    id: 'dispatch-builtin-params-by-position', rule: 'dispatch.extract-by-name',
    description: 'route parameters are handed to the action\'s builtin parameters by position (URI order) instead of by name',
    patches: [{
      file: DISPATCHER,
      find: '    for (const spec of specs) args.push(await this.resolveParameter(spec, request, container));',
      replace: [
        '    const values = Object.values(request.params);',
        '    let next = 0;',
        '    for (const spec of specs) {',
        "      args.push(spec.kind === 'builtin' && next < values.length ? castParameter(spec.type, spec.name, values[next++] as string) : await this.resolveParameter(spec, request, container));",
        '    }',
      ].join('\n'),
    }],
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
