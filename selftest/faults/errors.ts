import type { Fault } from '../Fault';
import { notAllowedAnswer, notFoundAnswer } from './sites';

const MATCHER = 'reference/src/routing/matcher/RouteMatcher.ts';


/** Faults written against the rules of the errors.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'errors-405-without-allow', rule: 'errors.allow-header',
    description: '405 answers carry no Allow header',
    proxy: 'strip-allow',
  },
  {
    id: 'errors-unmatched-405', rule: 'errors.not-found',
    description: 'the router answers 405 (with an empty Allow) whenever no route matches, even when the URI exists under no method',
    patches: [notFoundAnswer("if (result.status === 404) return errorResponse(405, undefined, { Allow: '' });")],
  },
  {
    id: 'errors-405-as-404', rule: 'errors.method-not-allowed',
    description: 'the router answers 404 when the URI exists under other methods only',
    patches: [notAllowedAnswer('if (result.status === 405) return errorResponse(404);')],
  },
  {
    id: 'errors-allow-every-method', rule: 'errors.allow-exact',
    description: 'the Allow header of a 405 lists every method the application has routes for, not those of the URI',
    patches: [notAllowedAnswer("if (result.status === 405) return errorResponse(405, undefined, { Allow: [...new Set(this.routes.all().map((r) => r.method))].join(', ') });")],
  },
  {
    id: 'errors-405-ignores-constraints', rule: 'errors.constraint-404',
    description: 'the search for the methods of a URI (405) takes a {name:regex} segment for any non-empty segment, without testing its constraint',
    // Both walks that gather a URI's methods: the search (which defers the branches without the
    // request's method) and the collection that finishes them.
    patches: [{
      file: MATCHER,
      find: '        case EDGE_PARAM_REGEX:\n          segment ??= path.slice(pos, end);\n          if (!(edge.regex as RouteRegExp).test(segment)) continue;',
      replace: '        case EDGE_PARAM_REGEX:\n          segment ??= path.slice(pos, end);\n          if (min !== NONE && !(edge.regex as RouteRegExp).test(segment)) continue;\n          if (end === pos) continue;',
    }, {
      file: MATCHER,
      find: '        case EDGE_PARAM_REGEX:\n        case EDGE_SEGMENT_REGEX:\n          segment ??= path.slice(pos, end);\n          matched = (edge.regex as RouteRegExp).test(segment);\n          break;',
      replace: '        case EDGE_PARAM_REGEX:\n          matched = end > pos;\n          break;\n        case EDGE_SEGMENT_REGEX:\n          segment ??= path.slice(pos, end);\n          matched = (edge.regex as RouteRegExp).test(segment);\n          break;',
    }],
  },
];
