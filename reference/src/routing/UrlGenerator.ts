import type { RouteCollection } from './RouteCollection';
import { UrlGenerationError } from './UrlGenerationError';

export type UrlParameterValue = string | number | boolean | null | undefined;
export type UrlParameters = Readonly<Record<string, UrlParameterValue>> | ReadonlyMap<string, UrlParameterValue>;

/** Builds paths from route names. */
export class UrlGenerator {
  constructor(private readonly routes: RouteCollection) {}

  /**
   * Entries named like a URI parameter fill that segment (encoded with
   * encodeURIComponent and checked against its constraint); every other
   * entry is appended as a query string, in insertion order. Pass a Map when
   * keys look like integers: plain objects list those first.
   */
  route(name: string, parameters: UrlParameters = {}): string {
    const route = this.routes.getByName(name);
    if (route === undefined) throw new UrlGenerationError(`Route [${name}] not defined.`);
    const entries = new Map<string, UrlParameterValue>(
      parameters instanceof Map ? parameters : Object.entries(parameters as Record<string, UrlParameterValue>),
    );

    let path = '';
    for (const token of route.pattern.tokens) {
      if (token.kind === 'static') {
        path += token.text;
        continue;
      }
      const value = entries.get(token.name);
      entries.delete(token.name);
      if (value === undefined || value === null) {
        throw new UrlGenerationError(`Missing required parameter [${token.name}] for route [${name}].`);
      }
      const segment = encodeURIComponent(stringify(value, token.name, name));
      if (!token.whole.test(segment)) {
        throw new UrlGenerationError(
          `Parameter [${token.name}] for route [${name}] must match [${token.constraint}], got [${segment}].`,
        );
      }
      path += segment;
    }

    const query: string[] = [];
    for (const [key, value] of entries) {
      if (value === undefined || value === null) continue;
      query.push(`${encodeURIComponent(key)}=${encodeURIComponent(stringify(value, key, name))}`);
    }
    return query.length === 0 ? path : `${path}?${query.join('&')}`;
  }
}

function stringify(value: unknown, key: string, route: string): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return String(value);
    case 'boolean':
      // As PHP's URL generator does: booleans become 1 and 0.
      return value ? '1' : '0';
    default:
      throw new UrlGenerationError(`Parameter [${key}] for route [${route}] must be a string, number or boolean.`);
  }
}
