import type { Container } from '../container/Container';
import type { Key } from '../container/types';
import type { Middleware, MiddlewareReference, Next } from './Middleware';
import type { Request } from './Request';
import type { Response } from './Response';
import { isThenable } from './maybePromise';
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

// A route's middleware list only grows (Route.middleware appends), so parsed layers stay valid while the length holds.
const parsed = new WeakMap<readonly MiddlewareReference[], readonly Layer[]>();

function layersOf(middleware: readonly MiddlewareReference[]): readonly Layer[] {
  let layers = parsed.get(middleware);
  if (layers === undefined || layers.length !== middleware.length) {
    layers = middleware.map(parseMiddlewareReference);
    parsed.set(middleware, layers);
  }
  return layers;
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
    this.layers = layersOf(middleware);
  }

  handle(request: Request, destination: Next): Promise<Response> {
    return this.run(0, request, destination);
  }

  /**
   * `handle` for a caller that passes the answer through toResponse() itself, in the turn it waits
   * for anyway: the outermost layer's promise is handed over as it is, not chained to a conversion
   * (one promise and one turn fewer per request). Inner layers still see converted responses.
   */
  handleUnconverted(request: Request, destination: Next): Promise<unknown> {
    return this.run(0, request, destination, false);
  }

  /** Enters layer `index`; errors, thrown or rejected, come back as a rejected promise. */
  private run(index: number, request: Request, destination: Next, convert = true): Promise<Response> {
    const layer = this.layers[index];
    if (layer === undefined) return destination(request);
    try {
      const instance = this.container.make<Middleware>(layer.key);
      if (typeof instance?.handle !== 'function') {
        throw new TypeError(`Middleware [${layer.label}] has no handle(request, next) method.`);
      }
      const next: Next = (nextRequest) => this.run(index + 1, nextRequest, destination);
      const result = instance.handle(request, next, ...layer.args);
      // One promise per layer, not an async function's two; none of its own for the outermost when the caller converts.
      return isThenable(result) ? (convert ? Promise.resolve(result).then(toResponse) : (Promise.resolve(result) as Promise<Response>)) : Promise.resolve(toResponse(result));
    } catch (error) {
      return Promise.reject(error);
    }
  }
}
