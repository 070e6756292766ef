import type { Container } from '../container/Container';
import type { Key } from '../container/types';
import type { Middleware, MiddlewareReference, Next } from './Middleware';
import type { Request } from './Request';
import type { Response } from './Response';
import { toResponse } from './toResponse';

interface Layer {
  readonly key: Key;
  readonly args: readonly string[];
  readonly label: string;
}

/** Splits "Name:arg1,arg2" into the container key and the extra handle() arguments. */
export function parseMiddlewareReference(reference: MiddlewareReference): Layer {
  if (typeof reference !== 'string') return { key: reference, args: [], label: reference.name };
  const colon = reference.indexOf(':');
  if (colon === -1) return { key: reference, args: [], label: reference };
  const name = reference.slice(0, colon);
  return { key: name, args: reference.slice(colon + 1).split(','), label: name };
}

/**
 * The onion for one matched route, built at dispatch time: the first
 * middleware is outermost. Instances come from the (request-scoped) container
 * as each layer is entered, so a short-circuiting layer spares the inner ones
 * from being built at all.
 */
export class MiddlewareStack {
  private readonly layers: readonly Layer[];

  constructor(
    private readonly container: Container,
    middleware: readonly MiddlewareReference[],
  ) {
    this.layers = middleware.map(parseMiddlewareReference);
  }

  handle(request: Request, destination: Next): Promise<Response> {
    return this.run(0, request, destination);
  }

  private async run(index: number, request: Request, destination: Next): Promise<Response> {
    const layer = this.layers[index];
    if (layer === undefined) return destination(request);
    const instance = this.container.make<Middleware>(layer.key);
    if (typeof instance?.handle !== 'function') {
      throw new TypeError(`Middleware [${layer.label}] has no handle(request, next) method.`);
    }
    const next: Next = (nextRequest) => this.run(index + 1, nextRequest, destination);
    return toResponse(await instance.handle(request, next, ...layer.args));
  }
}
