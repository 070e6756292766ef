import { UrlGenerator, type UrlParameters } from '../routing/UrlGenerator';
import type { HeaderInput } from './HeaderBag';
import { JsonResponse } from './JsonResponse';
import { RedirectResponse } from './RedirectResponse';
import { Response, type ResponseBody } from './Response';
import { ViewRegistry, type ViewData } from './ViewRegistry';

/** Fluent response builder; what `Controller#response()` returns with no arguments. */
export class ResponseFactory {
  static readonly inject = [ViewRegistry, UrlGenerator] as const;

  constructor(
    private readonly views: ViewRegistry,
    private readonly urls: UrlGenerator,
  ) {}

  make(content: ResponseBody = '', status = 200, headers: HeaderInput = {}): Response {
    return new Response(content, status, headers);
  }

  json(data: unknown = [], status = 200, headers: HeaderInput = {}): JsonResponse {
    return new JsonResponse(data, status, headers);
  }

  text(content: string, status = 200, headers: HeaderInput = {}): Response {
    return new Response(content, status, { 'Content-Type': 'text/plain; charset=UTF-8', ...headers });
  }

  noContent(status = 204, headers: HeaderInput = {}): Response {
    const response = new Response('', status, headers);
    // An empty response describes no media type.
    if (headers['Content-Type'] === undefined && headers['content-type'] === undefined) response.headers.delete('Content-Type');
    return response;
  }

  view(name: string, data: ViewData = {}, status = 200, headers: HeaderInput = {}): Response {
    return new Response(this.views.render(name, data), status, headers);
  }

  redirect(url: string, status = 302, headers: HeaderInput = {}): RedirectResponse {
    return new RedirectResponse(url, status, headers);
  }

  redirectRoute(name: string, parameters: UrlParameters = {}, status = 302): RedirectResponse {
    return new RedirectResponse(this.urls.route(name, parameters), status);
  }

  /** `{"success": true, "message": ..., "data": ...}` */
  success(data: unknown = null, message = 'OK', status = 200): JsonResponse {
    return new JsonResponse({ success: true, message, data }, status);
  }

  /** 201 `{"success": true, "message": ..., "data": ...}` */
  created(data: unknown = null, message = 'Created'): JsonResponse {
    return new JsonResponse({ success: true, message, data }, 201);
  }

  /** `{"success": false, "message": ...}`, plus `"errors"` only when given. */
  error(message = 'Error', status = 400, errors: unknown = null): JsonResponse {
    const body: Record<string, unknown> = { success: false, message };
    if (errors !== null && errors !== undefined) body['errors'] = errors;
    return new JsonResponse(body, status);
  }

  /** 422 `{"success": false, "message": ..., "errors": {...}}` */
  validationError(
    errors: Readonly<Record<string, readonly string[]>>,
    message = 'The given data was invalid.',
  ): JsonResponse {
    return new JsonResponse({ success: false, message, errors }, 422);
  }

  /** 404 `{"success": false, "message": ...}` */
  notFound(message = 'Not Found'): JsonResponse {
    return new JsonResponse({ success: false, message }, 404);
  }
}
