import type { Fault } from '../Fault';
import { ROUTER } from './sites';

const GENERATOR = 'reference/src/routing/UrlGenerator.ts';

/** The loop of UrlGenerator.route() that fills the route's segments, token by token. */
const FILL_LOOP = `    let path = '';
    for (const token of route.pattern.tokens) {
      if (token.kind === 'static') {
        path += token.text;
        continue;
      }
      const value = entries.get(token.name);
      entries.delete(token.name);
      if (value === undefined || value === null) {
        throw new UrlGenerationError(\`Missing required parameter [\${token.name}] for route [\${name}].\`);
      }
      const segment = encodeURIComponent(stringify(value, token.name, name));
      if (!token.whole.test(segment)) {
        throw new UrlGenerationError(
          \`Parameter [\${token.name}] for route [\${name}] must match [\${token.constraint}], got [\${segment}].\`,
        );
      }
      path += segment;
    }
`;

const RETURN = "    return query.length === 0 ? path : `${path}?${query.join('&')}`;";

/** Faults written against the rules of the url.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'url-absolute', rule: 'url.path',
    description: 'UrlGenerator::route() returns absolute URLs (http://localhost/users/7), as one real framework does',
    proxy: 'absolute-urls',
  },
  {
    id: 'url-placeholder-regex', rule: 'url.fill-segments',
    description: 'UrlGenerator substitutes placeholders in the URI text with /\\{name(:[^}]*)?\\}/, so a constraint with a brace quantifier ({year:[0-9]{4}}) leaves a stray "}" in the URL',
    patches: [{
      file: GENERATOR,
      find: FILL_LOOP,
      replace: `    const path = route.uri.replace(/\\{([A-Za-z_][A-Za-z0-9_-]*)(?::[^}]*)?\\}/g, (_placeholder: string, param: string) => {
      const value = entries.get(param);
      entries.delete(param);
      if (value === undefined || value === null) {
        throw new UrlGenerationError(\`Missing required parameter [\${param}] for route [\${name}].\`);
      }
      const segment = encodeURIComponent(stringify(value, param, name));
      const token = route.pattern.tokens.find((t) => t.kind === 'param' && t.name === param);
      if (token !== undefined && token.kind === 'param' && !token.whole.test(segment)) {
        throw new UrlGenerationError(\`Parameter [\${param}] for route [\${name}] must match [\${token.constraint}], got [\${segment}].\`);
      }
      return segment;
    });
`,
    }],
  },
  {
    id: 'url-first-query-entry-only', rule: 'url.query-string',
    description: 'UrlGenerator appends only the first of the entries that fill no segment to the query string',
    patches: [{ file: GENERATOR, find: RETURN, replace: '    return query.length === 0 ? path : `${path}?${query[0]}`;' }],
  },
  {
    id: 'url-question-mark-for-empty-map', rule: 'url.no-empty-query',
    description: 'UrlGenerator appends "?" when it is given an empty parameter map',
    patches: [{ file: GENERATOR, find: RETURN, replace: "    return query.length === 0 && parameters !== undefined && Object.keys(parameters).length > 0 ? path : `${path}?${query.join('&')}`;" }],
  },
  {
    id: 'url-zero-query-dropped', rule: 'url.zero',
    description: 'UrlGenerator skips falsy query values, so page=0 is left out of the query string',
    patches: [{ file: GENERATOR, find: '      if (value === undefined || value === null) continue;', replace: '      if (!value) continue;' }],
  },
  {
    id: 'url-params-decoded-with-decode-uri', rule: 'url.round-trip',
    description: 'route parameters are decoded with decodeURI, so escapes of reserved characters (%3F, %26, %23, %2B) stay encoded in the values actions receive',
    patches: [{ file: ROUTER, find: '      params[names[i] as string] = decodeURIComponent(value);', replace: '      params[names[i] as string] = decodeURI(value);' }],
  },
  {
    id: 'url-missing-placeholder-kept', rule: 'url.missing-parameter',
    description: 'UrlGenerator leaves the {name} placeholder in the URL when the map has no entry for a segment',
    patches: [{
      file: GENERATOR,
      find: '        throw new UrlGenerationError(`Missing required parameter [${token.name}] for route [${name}].`);',
      replace: '        path += `{${token.name}}`;\n        continue;',
    }],
  },
];
