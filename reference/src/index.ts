/**
 * Public API of the reference framework.
 *
 * Namespaces follow the spec: container, routing, http, validation, database,
 * foundation.
 */

// container
export { Container, describeKey } from './container/Container';
export { BindingResolutionError } from './container/BindingResolutionError';
export { token } from './container/token';
export { isClass } from './container/isClass';
export type { AbstractClass, Class, Constructor, Factory, Injectable, InjectCheck, Key, Resolved, Token } from './container/types';

// routing
export { Router, RESOURCE_ROUTES, type GroupAttributes } from './routing/Router';
export { Route, type RouteHooks } from './routing/Route';
export { RouteCollection } from './routing/RouteCollection';
export { RoutePattern, RoutePatternError, DEFAULT_CONSTRAINT, type PatternToken, type ParamToken, type StaticToken } from './routing/RoutePattern';
export { UrlGenerator, type UrlParameters, type UrlParameterValue } from './routing/UrlGenerator';
export { UrlGenerationError } from './routing/UrlGenerationError';
export { RouteRegistrationError } from './routing/RouteRegistrationError';
export { ROUTE_METHODS, type RouteMethod } from './routing/methods';
export type { MatchResult, RouteFound, RouteNotFound, MethodNotAllowed } from './routing/matcher/MatchResult';
export type { ActionFor, Closure, ControllerReference, RouteAction, RouteHandler } from './routing/RouteAction';
// How the matcher splits a route and joins group prefixes: what the adapter counts the work of (decision 55).
export { stepsOf, type Step } from './routing/matcher/segments';
export { joinUri } from './routing/paths';

// http
export { Request, DEFAULT_BODY_LIMIT, type RequestInit, type RequestHeaders } from './http/Request';
export { Response, type ResponseBody } from './http/Response';
export { JsonResponse } from './http/JsonResponse';
export { RedirectResponse } from './http/RedirectResponse';
export { ResponseFactory } from './http/ResponseFactory';
export { HeaderBag, type HeaderInput, type HeaderValue } from './http/HeaderBag';
export { HttpError, reasonPhrase } from './http/HttpError';
export { MiddlewareStack } from './http/MiddlewareStack';
export type { Middleware, MiddlewareReference, Next } from './http/Middleware';
export { ControllerDispatcher } from './http/ControllerDispatcher';
export { buildArgument, type ArgumentBuilder } from './http/buildArgument';
export { Controller } from './http/Controller';
export { ViewRegistry, ViewNotFoundError, type ViewData, type ViewRenderer } from './http/ViewRegistry';
export { escapeHtml } from './http/escapeHtml';
export { toResponse } from './http/toResponse';
export {
  param,
  defineActions,
  closure,
  type ActionMap,
  type BuiltinParam,
  type BuiltinType,
  type ClassParam,
  type DeclaredClosure,
  type MethodNames,
  type ParamSpec,
  type ParamsFor,
} from './http/parameters';

// validation
export { FormRequest } from './validation/FormRequest';
export { ValidationError, type ValidationErrors } from './validation/ValidationError';
export { validate, type ValidationResult } from './validation/Validator';
export type { Rule, RuleFunction, RuleSet, Rules } from './validation/rules';

// database
export { Model, type Attributes, type ModelClass } from './database/Model';

// foundation
export {
  Application,
  DEFAULT_MAX_URI_LENGTH,
  type ApplicationOptions,
  type RouteFile,
  type ServiceProviderClass,
} from './foundation/Application';
export { ServiceProvider } from './foundation/ServiceProvider';
export { ExceptionHandler } from './foundation/ExceptionHandler';
export { RequestEvents, type RequestEventMap } from './foundation/RequestEvents';
export { serve, type ServeOptions } from './foundation/serve';
export { writeResponse } from './foundation/writeResponse';
export { stderrLogger, silentLogger, type Logger } from './foundation/Logger';
