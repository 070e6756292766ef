import { JsonResponse, type Middleware, type Next, type Request } from '../../../../src';

export const API_TOKEN = 'secret-token';

/** Lets a request through only with `Authorization: Bearer secret-token`. */
export class Authenticate implements Middleware {
  handle(request: Request, next: Next): unknown {
    if (request.header('authorization') !== `Bearer ${API_TOKEN}`) {
      // Short-circuit: the rest of the stack never runs.
      return new JsonResponse({ message: 'Unauthenticated.' }, 401, { 'WWW-Authenticate': 'Bearer' });
    }
    request.attributes.set('user', { name: 'admin' });
    return next(request);
  }
}
