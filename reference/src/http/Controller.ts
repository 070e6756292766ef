import type { Container } from '../container/Container';
import { UrlGenerator } from '../routing/UrlGenerator';
import { RouteCollection } from '../routing/RouteCollection';
import type { HeaderInput } from './HeaderBag';
import type { JsonResponse } from './JsonResponse';
import type { RedirectResponse } from './RedirectResponse';
import type { Response, ResponseBody } from './Response';
import { ResponseFactory } from './ResponseFactory';
import { ViewRegistry, type ViewData } from './ViewRegistry';

const containerSlot = Symbol('fw.controller.container');

/**
 * Optional base class for controllers: protected response helpers only.
 * There is deliberately no validate() or authorize(); use a FormRequest and
 * middleware.
 */
export abstract class Controller {
  private [containerSlot]: Container | undefined;

  /** With no arguments, the ResponseFactory; otherwise a Response. */
  protected response(): ResponseFactory;
  protected response(content: ResponseBody, status?: number, headers?: HeaderInput): Response;
  protected response(...args: [] | [ResponseBody, number?, HeaderInput?]): ResponseFactory | Response {
    const factory = this.#factory();
    if (args.length === 0) return factory;
    const [content, status = 200, headers = {}] = args;
    return factory.make(content, status, headers);
  }

  protected json(data: unknown = [], status = 200, headers: HeaderInput = {}): JsonResponse {
    return this.#factory().json(data, status, headers);
  }

  protected redirect(url: string, status = 302): RedirectResponse {
    return this.#factory().redirect(url, status);
  }

  protected view(name: string, data: ViewData = {}, status = 200, headers: HeaderInput = {}): Response {
    return this.#factory().view(name, data, status, headers);
  }

  // ES-private: a subclass action named like this (say `responseFactory`) must not replace it.
  #factory(): ResponseFactory {
    const container = this[containerSlot];
    if (container !== undefined) return container.make(ResponseFactory);
    // Built outside a container (e.g. `new` in a test): views and named routes are simply empty.
    return new ResponseFactory(new ViewRegistry(), new UrlGenerator(new RouteCollection()));
  }
}

/** Gives a controller built by a container access to that container's ResponseFactory. */
export function attachContainer(controller: Controller, container: Container): void {
  (controller as unknown as Record<symbol, Container>)[containerSlot] = container;
}
