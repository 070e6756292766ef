import type { Fault } from '../Fault';

const ROUTER = 'reference/src/routing/Router.ts';
const ANSWER_405 = "    if (result.status === 405) throw new HttpError(405, undefined, { Allow: result.allowed.join(', ') });";

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
    patches: [{ file: ROUTER, find: '    if (result.status === 404) throw new HttpError(404);', replace: "    if (result.status === 404) throw new HttpError(405, undefined, { Allow: '' });" }],
  },
  {
    id: 'errors-405-as-404', rule: 'errors.method-not-allowed',
    description: 'the router answers 404 when the URI exists under other methods only',
    patches: [{ file: ROUTER, find: ANSWER_405, replace: '    if (result.status === 405) throw new HttpError(404);' }],
  },
  {
    id: 'errors-allow-every-method', rule: 'errors.allow-exact',
    description: 'the Allow header of a 405 lists every method the application has routes for, not those of the URI',
    patches: [{
      file: ROUTER,
      find: ANSWER_405,
      replace: "    if (result.status === 405) throw new HttpError(405, undefined, { Allow: [...new Set(this.routes.all().map((r) => r.method))].join(', ') });",
    }],
  },
  {
    id: 'errors-405-ignores-constraints', rule: 'errors.constraint-404',
    description: 'the search for the methods of a URI (405) takes a {name:regex} segment for any non-empty segment, without testing its constraint',
    patches: [{
      file: 'reference/src/routing/matcher/RouteMatcher.ts',
      find: '        case EDGE_PARAM_REGEX:\n        case EDGE_SEGMENT_REGEX:\n          segment ??= path.slice(pos, end);\n          matched = (edge.regex as RegExp).test(segment);\n          break;',
      replace: '        case EDGE_PARAM_REGEX:\n          matched = end > pos;\n          break;\n        case EDGE_SEGMENT_REGEX:\n          segment ??= path.slice(pos, end);\n          matched = (edge.regex as RegExp).test(segment);\n          break;',
    }],
  },
];
