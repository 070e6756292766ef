import type { Fault } from '../Fault';

const FACTORY = 'reference/src/http/ResponseFactory.ts';

/** Faults written against the rules of the factory.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'factory-json-default-html-type', rule: 'factory.json',
    description: 'ResponseFactory::json() defaults its headers to a text/html Content-Type, so json($data) without headers is not sent as JSON',
    patches: [{
      file: FACTORY,
      find: 'json(data: unknown = [], status = 200, headers: HeaderInput = {}): JsonResponse {',
      replace: "json(data: unknown = [], status = 200, headers: HeaderInput = { 'Content-Type': 'text/html; charset=UTF-8' }): JsonResponse {",
    }],
  },
  {
    id: 'factory-text-json-encoded', rule: 'factory.text',
    description: 'ResponseFactory::text() JSON-encodes its text, so the body is the quoted string',
    patches: [{
      file: FACTORY,
      find: "return new Response(content, status, { 'Content-Type': 'text/plain; charset=UTF-8', ...headers });",
      replace: "return new Response(JSON.stringify(content), status, { 'Content-Type': 'text/plain; charset=UTF-8', ...headers });",
    }],
  },
  {
    id: 'factory-no-content-200', rule: 'factory.no-content',
    description: 'ResponseFactory::noContent() answers 200 instead of 204',
    patches: [{ file: FACTORY, find: 'noContent(status = 204,', replace: 'noContent(status = 200,' }],
  },
  {
    id: 'factory-view-unrendered', rule: 'factory.view',
    description: 'ResponseFactory::view() renders the view without the data it is given',
    patches: [{ file: FACTORY, find: 'return new Response(this.views.render(name, data), status, headers);', replace: 'return new Response(this.views.render(name), status, headers);' }],
  },
  {
    id: 'factory-redirect-default-200', rule: 'factory.redirect',
    description: 'ResponseFactory::redirect() defaults its status to 200, so redirect($url) without a status is refused with a 500',
    patches: [{ file: FACTORY, find: 'redirect(url: string, status = 302,', replace: 'redirect(url: string, status = 200,' }],
  },
  {
    id: 'factory-redirect-route-params-dropped', rule: 'factory.redirect-route',
    description: 'ResponseFactory::redirectRoute() generates the URL of the named route without the parameters it is given',
    patches: [{ file: FACTORY, find: 'new RedirectResponse(this.urls.route(name, parameters), status)', replace: 'new RedirectResponse(this.urls.route(name), status)' }],
  },
  {
    id: 'factory-error-as-html', rule: 'factory.api-json',
    description: 'ResponseFactory::error() sends its JSON text as a text/html Response',
    patches: [{ file: FACTORY, find: 'return new JsonResponse(body, status);', replace: 'return new Response(JSON.stringify(body), status);' }],
  },
  {
    id: 'factory-created-200', rule: 'factory.created-status',
    description: 'ResponseFactory::created() answers 200 instead of 201',
    patches: [{ file: FACTORY, find: "return new JsonResponse({ success: true, message, data }, 201);", replace: "return new JsonResponse({ success: true, message, data }, 200);" }],
  },
  {
    id: 'factory-not-found-200', rule: 'factory.not-found-status',
    description: 'ResponseFactory::notFound() answers 200 with its error body instead of 404',
    patches: [{ file: FACTORY, find: 'return new JsonResponse({ success: false, message }, 404);', replace: 'return new JsonResponse({ success: false, message }, 200);' }],
  },
];
