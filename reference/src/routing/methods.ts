/** The methods routes can be registered for, in Allow-header order (HEAD is implied by GET). */
export const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

export const METHOD_COUNT = ROUTE_METHODS.length;

/** Index into per-method tables; HEAD is answered by GET routes; -1 for any other method. */
export function methodId(method: string): number {
  switch (method) {
    case 'GET':
    case 'HEAD':
      return 0;
    case 'POST':
      return 1;
    case 'PUT':
      return 2;
    case 'PATCH':
      return 3;
    case 'DELETE':
      return 4;
    default:
      return -1;
  }
}

/** Method list for a bit mask of method ids: RFC 9110 order, HEAD right after GET. */
export function allowedMethods(mask: number): string[] {
  const methods: string[] = [];
  ROUTE_METHODS.forEach((method, id) => {
    if ((mask & (1 << id)) === 0) return;
    methods.push(method);
    if (method === 'GET') methods.push('HEAD');
  });
  return methods;
}
