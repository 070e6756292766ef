import type { IncomingMessage, ServerResponse } from 'node:http';
import * as path from 'node:path';
import { BindingResolutionError } from '../container/BindingResolutionError';
import { Container } from '../container/Container';
import type { Class, Constructor, Factory, InjectCheck, Key, Token } from '../container/types';
import type { Model } from '../database/Model';
import { attachContainer, Controller } from '../http/Controller';
import { HttpError } from '../http/HttpError';
import type { MaybePromise } from '../http/maybePromise';
import type { Middleware } from '../http/Middleware';
import { DEFAULT_BODY_LIMIT, Request } from '../http/Request';
import type { Response } from '../http/Response';
import { ResponseFactory } from '../http/ResponseFactory';
import { toResponse } from '../http/toResponse';
import { ViewRegistry, type ViewRenderer } from '../http/ViewRegistry';
import { RouteCollection } from '../routing/RouteCollection';
import { Router } from '../routing/Router';
import { UrlGenerator } from '../routing/UrlGenerator';
import type { FormRequest } from '../validation/FormRequest';
import { ExceptionHandler, serverError } from './ExceptionHandler';
import { stderrLogger, type Logger } from './Logger';
import { RequestEvents } from './RequestEvents';
import type { ServiceProvider } from './ServiceProvider';
import { writeResponse } from './writeResponse';
import { closeIfUnread } from '../http/earlyAnswer';

/** A route file: receives the router, registers routes. */
export type RouteFile = (router: Router) => void;

export type ServiceProviderClass = new (app: Application) => ServiceProvider;

export interface ApplicationOptions {
  /** Application root; `routes/web` under it is loaded at boot unless `web` is given. */
  readonly basePath?: string;
  /** The `routes/web` file, given directly. */
  readonly web?: RouteFile;
  readonly logger?: Logger;
  /** Largest accepted request body in bytes (413 above). Default 1 MiB. */
  readonly bodyLimit?: number;
  /** Longest accepted request target in bytes (414 above). Default 8192. */
  readonly maxUriLength?: number;
}

export const DEFAULT_MAX_URI_LENGTH = 8192;

// What handleNode returns once the response is written: settled, so one promise serves every request.
const WRITTEN: Promise<void> = Promise.resolve();

type State = 'registering' | 'booting' | 'booted' | 'failed';

/**
 * The application: container, router, URL generator, views, service
 * providers and the request entry point.
 *
 * Bootstrap order in boot(): `routes/web`, then route files queued with
 * loadRoutes(), then each provider's boot() (which may load more).
 * Providers' register() runs as soon as they are added, so their bindings
 * (middleware names, controllers) exist before any route is registered.
 */
export class Application {
  readonly container = new Container();
  readonly views = new ViewRegistry();
  readonly router: Router;
  readonly url: UrlGenerator;
  readonly events: RequestEvents;
  readonly logger: Logger;
  readonly basePath: string | undefined;
  readonly bodyLimit: number;
  readonly maxUriLength: number;

  private readonly providers: ServiceProvider[] = [];
  private readonly queuedRoutes: Array<RouteFile | string> = [];
  private readonly web: RouteFile | undefined;
  private state: State = 'registering';
  private bootError: unknown;

  constructor(options: ApplicationOptions = {}) {
    this.basePath = options.basePath;
    this.web = options.web;
    this.logger = options.logger ?? stderrLogger;
    this.bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
    this.maxUriLength = options.maxUriLength ?? DEFAULT_MAX_URI_LENGTH;
    this.events = new RequestEvents(this.logger);

    const c = this.container;
    c.instance(Application, this);
    c.instance(ViewRegistry, this.views);
    c.instance(RequestEvents, this.events);
    this.router = new Router(c);
    this.url = c.make(UrlGenerator);
    c.singleton(ResponseFactory);
    c.singleton(ExceptionHandler, () => new ExceptionHandler(this.logger));
    // Outside a request scope there is no current request; fail loudly instead of building an empty one.
    c.bind(Request, () => {
      throw new BindingResolutionError('There is no current request outside request handling.');
    });
    c.alias('app', Application);
    c.alias('router', Router);
    c.alias('routes', RouteCollection);
    c.alias('url', UrlGenerator);
    c.alias('views', ViewRegistry);
    c.alias('request', Request);
    c.resolving(Controller, attachContainer);
    this.router.onRouteMatched((request, route) => this.events.emit('route.matched', request, route));
  }

  // -- registration under names -------------------------------------------

  /** Registers a controller class under a name usable in actions: `['Photos', 'show']` or `'Photos@show'`. */
  controller<C extends Class>(name: string, cls: C & InjectCheck<C>): this {
    this.container.bind(name, cls);
    return this;
  }

  /** Registers a middleware class under a name usable in `middleware('Name')` and groups. */
  middleware<C extends Class<Middleware>>(name: string, cls: C & InjectCheck<C>): this {
    this.container.bind(name, cls);
    return this;
  }

  /** Registers a FormRequest subclass under a name usable in `param.of(name, 'Name')`. */
  formRequest<C extends Class<FormRequest>>(name: string, cls: C & InjectCheck<C>): this {
    this.container.bind(name, cls);
    return this;
  }

  /** Registers a Model subclass under a name usable in `param.of(name, 'Name')`. */
  model(name: string, cls: abstract new (...args: never[]) => Model): this {
    this.container.bind(name, cls as unknown as Class);
    return this;
  }

  /** A new instance per resolution. */
  bind<T>(key: Key<T>, concrete?: Factory<T> | Class<T>): this {
    this.container.bind(key, concrete);
    return this;
  }

  singleton<T>(key: Key<T>, concrete?: Factory<T> | Class<T>): this {
    this.container.singleton(key, concrete);
    return this;
  }

  /** One instance per request. */
  scoped<T>(key: Key<T>, concrete?: Factory<T> | Class<T>): this {
    this.container.scoped(key, concrete);
    return this;
  }

  instance<T>(key: Key<T>, value: T): this {
    this.container.instance(key, value);
    return this;
  }

  /** Makes `name` resolve to whatever `target` resolves to. */
  alias(name: string, target: Key): this {
    this.container.alias(name, target);
    return this;
  }

  make<T>(key: Constructor<T>): T;
  make<T>(key: Token<T>): T;
  make<T = unknown>(key: Key): T;
  make(key: Key): unknown {
    return this.container.make(key);
  }

  view(name: string, renderer: ViewRenderer): this {
    this.views.register(name, renderer);
    return this;
  }

  // -- bootstrap ------------------------------------------------------------

  /** Adds a service provider and runs its register() now (its boot() runs at boot, or now if already booted). */
  register(provider: ServiceProvider | ServiceProviderClass): ServiceProvider {
    const instance = typeof provider === 'function' ? new provider(this) : provider;
    this.providers.push(instance);
    instance.register();
    if (this.state === 'booted') instance.boot();
    return instance;
  }

  /**
   * Adds a route file: a function receiving the router, or a module path
   * (relative to basePath) whose default export is one. Queued before boot,
   * loaded immediately while booting (from a provider) or after.
   */
  loadRoutes(file: RouteFile | string): this {
    if (this.state === 'registering') this.queuedRoutes.push(file);
    else this.loadRouteFile(file);
    return this;
  }

  get isBooted(): boolean {
    return this.state === 'booted';
  }

  /**
   * Loads the route files and boots the providers. Registration errors
   * (RouteRegistrationError and friends) are thrown from here; the
   * application then answers every request with a 500.
   */
  boot(): this {
    if (this.state === 'booted') return this;
    if (this.state === 'failed') throw this.bootError;
    if (this.state === 'booting') throw new Error('Application.boot() called while booting.');
    this.state = 'booting';
    try {
      const web = this.web ?? this.defaultWebRoutes();
      if (web !== undefined) this.loadRouteFile(web);
      for (const file of this.queuedRoutes.splice(0)) this.loadRouteFile(file);
      for (const provider of this.providers) provider.boot();
      this.state = 'booted';
      return this;
    } catch (error) {
      this.state = 'failed';
      this.bootError = error;
      throw error;
    }
  }

  // -- requests ---------------------------------------------------------------

  /**
   * Handles one request; never throws. A request scope is opened in the
   * container with the Request bound, so controllers, middleware, form
   * requests and services built during dispatch can inject it.
   */
  async handle(request: Request): Promise<Response> {
    return this.respond(request, sameResponse, undefined);
  }

  /**
   * Reads a node:http request (414 / 413 checked before the body is buffered), handles it, writes the response.
   * Not an async function: a synchronous pipeline writes the response and pays for no promise but the
   * shared settled one it returns. A failure to write rejects the returned promise; nothing is thrown.
   */
  handleNode(message: IncomingMessage, out: ServerResponse): Promise<void> {
    try {
      let request: Request | undefined;
      try {
        if (exceedsBytes(message.url ?? '/', this.maxUriLength)) throw new HttpError(414);
        // Body-less requests (most GETs) skip the stream machinery.
        request = Request.fromNodeHead(message);
      } catch (error) {
        writeResponse(out, this.unreadable(message, error));
        return WRITTEN;
      }
      if (request === undefined) {
        return Request.fromNodeWithBody(message, this.bodyLimit).then(
          (withBody) => this.answerNode(withBody, out),
          (error: unknown) => writeResponse(out, this.unreadable(message, error)),
        );
      }
      return this.answerNode(request, out);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private answerNode(request: Request, out: ServerResponse): Promise<void> {
    const result = this.respond(request, writeTo, out);
    return result instanceof Promise ? result : WRITTEN;
  }

  /** The answer to a request that could not be read (a 414, a 413, a broken stream). */
  private unreadable(message: IncomingMessage, error: unknown): Response {
    let response: Response;
    if (error instanceof HttpError) {
      response = error.toResponse();
      // A body left unread (a 413, a 414 before it) is not drained: the connection closes, boundedly.
      for (const [name, value] of Object.entries(closeIfUnread(message))) response.headers.set(name, value);
    } else {
      this.logger.error('Failed to read the request', error);
      response = serverError();
    }
    if (message.method === 'HEAD') stripBody(response);
    return response;
  }

  /**
   * `handle` without a promise when the whole pipeline is synchronous; never throws or rejects.
   * `done` receives the final response (after response.ready) and `context`, and its result is
   * returned: writing the response there, not in a `.then` of the caller, spares an asynchronous
   * request one promise turn (and `context`, a closure per request).
   */
  private respond<C, R>(request: Request, done: (response: Response, context: C) => R, context: C): MaybePromise<R> {
    const scope = this.container.scope();
    scope.instance(Request, request);
    let result: Response | Promise<unknown>;
    try {
      this.events.emit('request.received', request, scope);
      if (this.state !== 'booted') this.boot();
      if (exceedsBytes(request.url, this.maxUriLength)) throw new HttpError(414);
      result = this.router.dispatchIn(request, scope);
    } catch (error) {
      return done(this.finish(request, this.failed(scope, error, request)), context);
    }
    if (result instanceof Promise) {
      return result.then(
        (answer) => done(this.finish(request, this.converted(scope, answer, request)), context),
        (error: unknown) => done(this.finish(request, this.rejected(scope, error, request)), context),
      );
    }
    return done(this.finish(request, result), context);
  }

  /** What an asynchronous dispatch resolved to, which dispatchIn leaves to us to pass through toResponse(). */
  private converted(scope: Container, answer: unknown, request: Request): Response {
    try {
      return toResponse(answer);
    } catch (error) {
      return this.rejected(scope, error, request);
    }
  }

  /** dispatchIn leaves an HttpError that rejects to us: answered as it would have answered it. */
  private rejected(scope: Container, error: unknown, request: Request): Response {
    return error instanceof HttpError ? error.toResponse() : this.failed(scope, error, request);
  }

  private failed(scope: Container, error: unknown, request: Request): Response {
    this.events.emit('request.failed', request, error);
    return this.renderException(scope, error, request);
  }

  private finish(request: Request, response: Response): Response {
    if (request.method === 'HEAD') stripBody(response);
    this.events.emit('response.ready', request, response);
    return response;
  }

  private renderException(scope: Container, error: unknown, request: Request): Response {
    try {
      return scope.make(ExceptionHandler).render(error, request);
    } catch (renderError) {
      this.logger.error('The exception handler failed', renderError);
      this.logger.error('Original exception', error);
      return serverError();
    }
  }

  private defaultWebRoutes(): string | undefined {
    return this.basePath === undefined ? undefined : 'routes/web';
  }

  private loadRouteFile(file: RouteFile | string): void {
    if (typeof file === 'function') {
      file(this.router);
      return;
    }
    const resolved = path.resolve(this.basePath ?? process.cwd(), file);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const loaded: unknown = require(resolved);
    const fn = typeof loaded === 'function' ? loaded : (loaded as { default?: unknown } | null)?.default;
    if (typeof fn !== 'function') throw new TypeError(`Route file [${resolved}] must export a function (router) => void.`);
    (fn as RouteFile)(this.router);
  }
}

function sameResponse(response: Response): Response {
  return response;
}

function writeTo(response: Response, out: ServerResponse): void {
  writeResponse(out, response);
}

/** Whether `text` is longer than `max` bytes in UTF-8; a UTF-16 unit is at most 3 bytes, so short text needs no count. */
function exceedsBytes(text: string, max: number): boolean {
  return text.length * 3 > max && Buffer.byteLength(text) > max;
}

/** HEAD: keep the headers GET would send, including the length of the body that is not sent. */
function stripBody(response: Response): void {
  if (!response.headers.has('Content-Length') && response.status !== 204 && response.status !== 304) {
    response.headers.set('Content-Length', response.byteLength());
  }
  response.setContent('');
}
