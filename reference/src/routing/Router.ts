import { Container } from '../container/Container';
import { isClass } from '../container/isClass';
import type { Class, InjectCheck } from '../container/types';
import { ControllerDispatcher } from '../http/ControllerDispatcher';
import { errorResponse, HttpError } from '../http/HttpError';
import type { MiddlewareReference } from '../http/Middleware';
import { MiddlewareStack, parseMiddlewareReference } from '../http/MiddlewareStack';
import { declaredParams, isDeclaredClosure, type ParamSpec } from '../http/parameters';
import { Request } from '../http/Request';
import type { Response } from '../http/Response';
import { toResponse } from '../http/toResponse';
import { isActionMethod } from './actionMethod';
import { NO_PARAMS, type MatchResult } from './matcher/MatchResult';
import type { RouteMethod } from './methods';
import { isWellFormedEncoding, joinUri } from './paths';
import { Route, type RouteHooks } from './Route';
import type { ActionFor, RouteAction, RouteHandler } from './RouteAction';
import { RouteCollection } from './RouteCollection';
import { RoutePattern, RoutePatternError } from './RoutePattern';
import { RouteRegistrationError } from './RouteRegistrationError';
import { UrlGenerator } from './UrlGenerator';

export interface GroupAttributes {
  /** URI prefix; nested group prefixes are joined with exactly one "/". */
  readonly prefix?: string;
  /** Middleware for every route in the group, outermost first. */
  readonly middleware?: MiddlewareReference | readonly MiddlewareReference[];
}

interface GroupFrame {
  readonly prefix: string;
  readonly middleware: readonly MiddlewareReference[];
}

/** The seven resource routes, in the order (and so with the precedence) the spec lists them. */
export const RESOURCE_ROUTES: ReadonlyArray<readonly [RouteMethod, string, string]> = [
  ['GET', '', 'index'],
  ['GET', '/create', 'create'],
  ['POST', '', 'store'],
  ['GET', '/{id}', 'show'],
  ['GET', '/{id}/edit', 'edit'],
  ['PUT', '/{id}', 'update'],
  ['DELETE', '/{id}', 'destroy'],
];

/**
 * Registers routes, groups and resources, and dispatches requests.
 *
 * Every definition is validated when it is registered, and a bad one throws
 * a RouteRegistrationError that names the route (method and URI).
 */
export class Router {
  readonly routes = new RouteCollection();
  private readonly groups: GroupFrame[] = [];
  private readonly hooks: RouteHooks;
  private readonly matchedListeners: Array<(request: Request, route: Route) => void> = [];

  constructor(
    readonly container: Container = new Container(),
    private readonly dispatcher: ControllerDispatcher = new ControllerDispatcher(),
  ) {
    this.hooks = {
      middlewareAdded: (route, reference) => this.checkMiddleware(route, reference),
      named: (route, name) => this.routes.nameRoute(route, name),
    };
    // A router on its own container still gives controllers a working UrlGenerator.
    if (!container.bound(RouteCollection)) container.instance(RouteCollection, this.routes);
    if (!container.bound(UrlGenerator)) container.instance(UrlGenerator, new UrlGenerator(this.routes));
    if (!container.bound(Router)) container.instance(Router, this);
  }

  get<C extends Class>(uri: string, action: ActionFor<C>): Route {
    return this.addRoute('GET', uri, action as RouteAction);
  }

  post<C extends Class>(uri: string, action: ActionFor<C>): Route {
    return this.addRoute('POST', uri, action as RouteAction);
  }

  put<C extends Class>(uri: string, action: ActionFor<C>): Route {
    return this.addRoute('PUT', uri, action as RouteAction);
  }

  patch<C extends Class>(uri: string, action: ActionFor<C>): Route {
    return this.addRoute('PATCH', uri, action as RouteAction);
  }

  delete<C extends Class>(uri: string, action: ActionFor<C>): Route {
    return this.addRoute('DELETE', uri, action as RouteAction);
  }

  /** The untyped form behind the verb methods. */
  addRoute(method: RouteMethod, uri: string, action: RouteAction): Route {
    const fullUri = joinUri([...this.groups.map((g) => g.prefix), uri]);
    let pattern: RoutePattern;
    try {
      pattern = RoutePattern.compile(fullUri);
    } catch (error) {
      if (error instanceof RoutePatternError) throw new RouteRegistrationError(method, fullUri, error.message);
      throw error;
    }
    const handler = this.resolveAction(method, pattern, action);
    const route = new Route(method, pattern, action, handler, this.hooks);
    const inherited = this.groups.flatMap((g) => g.middleware);
    if (inherited.length > 0) route.middleware(inherited);
    this.routes.add(route);
    return route;
  }

  /**
   * Routes registered inside `callback` take the group's prefix and
   * middleware. The frame is popped in `finally`, so nothing leaks past the
   * group even when registration throws.
   */
  group(attributes: GroupAttributes, callback: (router: Router) => void): void {
    const middleware = attributes.middleware;
    this.groups.push({
      prefix: attributes.prefix ?? '',
      middleware: middleware === undefined ? [] : typeof middleware === 'string' || typeof middleware === 'function' ? [middleware] : [...middleware],
    });
    try {
      callback(this);
    } finally {
      this.groups.pop();
    }
  }

  /** Registers index, create, store, show, edit, update and destroy, named `{name}.{action}`. */
  resource<C extends Class>(name: string, controller: (C & InjectCheck<C>) | string): Route[] {
    return RESOURCE_ROUTES.map(([method, suffix, action]) =>
      this.addRoute(method, `${name}${suffix}`, [controller as Class | string, action]).name(`${name}.${action}`),
    );
  }

  /** Observes every match, after parameters are decoded and before middleware runs. */
  onRouteMatched(listener: (request: Request, route: Route) => void): void {
    this.matchedListeners.push(listener);
  }

  /** The matcher on its own: method + raw path → route and raw parameters, or 404 / 405. */
  match(method: string, path: string): MatchResult {
    return this.routes.match(method, path);
  }

  /**
   * Matches the request, decodes the parameters, and runs the action through
   * the route's middleware. 404, 405, 400 and HttpErrors raised during
   * dispatch become responses; any other error propagates to the caller.
   * `container` is the request scope to build from; by default a child of
   * the router's container with the Request bound.
   */
  async dispatch(request: Request, container?: Container): Promise<Response> {
    const result = this.dispatchIn(request, container ?? this.requestScope(request));
    return result instanceof Promise ? result.then(toResponse, httpErrorResponse) : result;
  }

  /**
   * `dispatch` for the application's own pipeline: synchronous until
   * something returns a promise. Non-HTTP errors are thrown synchronously or
   * reject the returned promise. An HttpError thrown synchronously is
   * answered here; one that rejects the promise is left to the caller (see
   * httpErrorResponse), and so is passing what the promise resolves to
   * through toResponse() (a middleware's answer may still need it): the
   * caller folds both into the handlers it attaches anyway, where doing
   * them here would cost every asynchronous request one more promise turn.
   */
  dispatchIn(request: Request, container: Container): Response | Promise<unknown> {
    try {
      return this.run(request, container);
    } catch (error) {
      return httpErrorResponse(error);
    }
  }

  /** Without a scope from the caller, open one so the current Request is injectable. */
  private requestScope(request: Request): Container {
    const scope = this.container.scope();
    scope.instance(Request, request);
    return scope;
  }

  private run(request: Request, container: Container): Response | Promise<unknown> {
    // Matching runs on the raw path, but a path that cannot be decoded is rejected up front.
    // Framework answers are returned, not thrown: an Error captures a stack trace, the dearest part of a 404.
    if (!isWellFormedEncoding(request.path)) return errorResponse(400);
    const result = this.routes.match(request.method, request.path);
    if (result.status === 404) return errorResponse(404);
    if (result.status === 405) return errorResponse(405, undefined, { Allow: allowHeader(result.allowed) });
    const route = result.route;
    const params = decodeParams(route.paramNames, result.params);
    request.setRoute(route, params);
    for (const listener of this.matchedListeners) listener(request, route);
    const middleware = route.getMiddleware();
    if (middleware.length === 0) return this.dispatcher.call(route, request, container);
    const destination = (current: Request): Promise<Response> => {
      // A middleware may hand a different Request object down the stack.
      if (current !== request) current.setRoute(route, params);
      // Not an async arrow: a promise from the action is handed on as it is, not wrapped in another.
      try {
        return Promise.resolve(this.dispatcher.call(route, current, container));
      } catch (error) {
        return Promise.reject(error);
      }
    };
    return new MiddlewareStack(container, middleware).handleUnconverted(request, destination);
  }

  private resolveAction(method: RouteMethod, pattern: RoutePattern, action: RouteAction): RouteHandler {
    const fail = (reason: string): never => {
      throw new RouteRegistrationError(method, pattern.uri, reason);
    };
    if (isDeclaredClosure(action)) {
      this.checkParams(method, pattern, action.params, 'the closure');
      return { kind: 'declared-closure', params: action.params, fn: action.fn };
    }
    if (typeof action === 'function') {
      if (isClass(action)) fail('a class is not an action; use [Controller, "method"]');
      return { kind: 'closure', fn: action as (...params: string[]) => unknown };
    }
    let controller: unknown;
    let methodName: unknown;
    if (typeof action === 'string') {
      const at = action.indexOf('@');
      if (at <= 0 || at === action.length - 1) fail(`action "${action}" must be "Controller@method"`);
      controller = action.slice(0, at);
      methodName = action.slice(at + 1);
    } else if (Array.isArray(action) && action.length === 2) {
      [controller, methodName] = action as readonly unknown[];
    } else {
      fail('the action must be a closure, [Controller, "method"] or "Controller@method"');
    }
    if (typeof methodName !== 'string' || methodName === '') return fail('the controller method name is missing');
    if (typeof controller !== 'string' && !isClass(controller)) return fail('the controller must be a class or a registered name');

    const label = typeof controller === 'string' ? controller : controller.name;
    if (typeof controller === 'string' && !this.container.bound(controller)) {
      fail(`controller [${controller}] is not registered in the container`);
    }
    const cls = this.container.classFor(controller as Class | string);
    if (cls !== undefined) {
      if (!isActionMethod(cls, methodName)) {
        fail(`controller [${label}] has no method [${methodName}]`);
      }
      const specs = declaredParams(cls, methodName);
      if (specs !== undefined) this.checkParams(method, pattern, specs, `${label}@${methodName}`);
    }
    return { kind: 'controller', controller: controller as Class | string, method: methodName, cls };
  }

  /** A builtin parameter the URI never provides and that has no default could only ever be undefined. */
  private checkParams(method: RouteMethod, pattern: RoutePattern, specs: readonly ParamSpec[], owner: string): void {
    for (const spec of specs) {
      if (spec.kind === 'builtin' && !spec.hasDefault && !pattern.paramNames.includes(spec.name)) {
        throw new RouteRegistrationError(
          method,
          pattern.uri,
          `${owner} declares parameter [${spec.name}] which the URI does not provide and which has no default`,
        );
      }
      if (spec.kind === 'class' && !this.container.has(spec.type)) {
        throw new RouteRegistrationError(
          method,
          pattern.uri,
          `${owner} declares parameter [${spec.name}] of unknown type [${String(spec.type)}]`,
        );
      }
    }
  }

  private checkMiddleware(route: Route, reference: MiddlewareReference): void {
    const layer = parseMiddlewareReference(reference);
    const fail = (reason: string): never => {
      throw new RouteRegistrationError(route.method, route.uri, reason);
    };
    if (typeof layer.key === 'string') {
      if (!this.container.bound(layer.key)) fail(`unknown middleware [${layer.label}]`);
    } else if (!isClass(layer.key)) {
      fail('middleware must be a class or a registered name');
    }
    const cls = this.container.classFor(layer.key);
    if (cls !== undefined && typeof (cls.prototype as { handle?: unknown }).handle !== 'function') {
      fail(`middleware [${layer.label}] has no handle(request, next) method`);
    }
  }
}

/** The answer to an HttpError; any other error is thrown again. */
export function httpErrorResponse(error: unknown): Response {
  if (error instanceof HttpError) return error.toResponse();
  throw error;
}

// One joined string per allowed-methods array: the matcher shares those arrays between requests.
const allowHeaders = new WeakMap<readonly string[], string>();

function allowHeader(allowed: readonly string[]): string {
  let header = allowHeaders.get(allowed);
  if (header === undefined) allowHeaders.set(allowed, (header = allowed.join(', ')));
  return header;
}

// Read-only like every route's parameters, so routes without any can all share one.
const NO_VALUES: Readonly<Record<string, string>> = Object.freeze({});

/** Percent-decodes each captured value exactly once; malformed encoding is a 400. */
function decodeParams(names: readonly string[], raw: readonly string[]): Readonly<Record<string, string>> {
  if (raw === NO_PARAMS) return NO_VALUES;
  const params: Record<string, string> = {};
  for (let i = 0; i < names.length; i++) {
    const value = raw[i] as string;
    if (value.indexOf('%') === -1) {
      params[names[i] as string] = value;
      continue;
    }
    try {
      params[names[i] as string] = decodeURIComponent(value);
    } catch {
      throw new HttpError(400);
    }
  }
  return params;
}
