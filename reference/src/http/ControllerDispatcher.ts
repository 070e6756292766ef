import type { Container } from '../container/Container';
import { isClass } from '../container/isClass';
import type { Class } from '../container/types';
import type { Route } from '../routing/Route';
import { argumentBuilder } from './buildArgument';
import { castParameter } from './casting';
import { attachContainer, Controller } from './Controller';
import { isThenable, then, type MaybePromise } from './maybePromise';
import { declaredParams, type ParamSpec } from './parameters';
import { Request } from './Request';
import type { Response } from './Response';
import { toResponse } from './toResponse';

/**
 * Runs a matched route's action: builds the controller through the
 * container, resolves the declared parameters and converts the return value.
 *
 * Resolution, by declaration:
 * - builtin (int/float/bool/string/any): the route parameter of that name,
 *   cast; an empty value or an absent one falls back to the default;
 * - Request: the current request;
 * - a class with a `buildArgument` hook (FormRequest: built by the container, then
 *   validateResolved(); Model: validateAndBind(request)): what the hook returns;
 * - any other class or key: the container.
 * An action without a declaration receives the route parameters by position,
 * like a closure.
 */
export class ControllerDispatcher {
  /**
   * A promise only when something on the way is asynchronous.
   * Errors are thrown synchronously or reject the returned promise.
   */
  call(route: Route, request: Request, container: Container): MaybePromise<Response> {
    const handler = route.handler;
    switch (handler.kind) {
      case 'closure':
        return then(handler.fn(...positional(route, request)), toResponse);
      case 'declared-closure':
        return then(this.resolveArguments(handler.params, request, container), (args: unknown[]) =>
          then((handler.fn as (...a: unknown[]) => unknown)(...args), toResponse),
        );
      case 'controller': {
        const controller = container.make<Record<string, unknown>>(handler.controller);
        if (controller instanceof Controller) attachContainer(controller, container);
        const action = controller[handler.method];
        if (typeof action !== 'function') {
          throw new TypeError(`Controller for [${route}] has no method [${handler.method}].`);
        }
        const specs = declaredParams((controller as object).constructor as Class, handler.method);
        if (specs === undefined) return then((action as (...a: unknown[]) => unknown).apply(controller, positional(route, request)), toResponse);
        const args = this.resolveArguments(specs, request, container);
        // Arguments at hand (no parameter resolved to a promise, the usual case): no closure to wait for them.
        if (!isThenable(args)) return then((action as (...a: unknown[]) => unknown).apply(controller, args), toResponse);
        return args.then((resolved: unknown[]) => then((action as (...a: unknown[]) => unknown).apply(controller, resolved), toResponse));
      }
    }
  }

  /** Values for declared parameters; each is resolved by its name or type, never by position. */
  async resolveParameters(specs: readonly ParamSpec[], request: Request, container: Container): Promise<unknown[]> {
    return this.resolveArguments(specs, request, container);
  }

  /** In declaration order; a value that is a promise is awaited before the next one is resolved. */
  // Sized up front: an empty array's first push reserves room for 17 values.
  private resolveArguments(
    specs: readonly ParamSpec[],
    request: Request,
    container: Container,
    from = 0,
    args: unknown[] = new Array<unknown>(specs.length),
  ): MaybePromise<unknown[]> {
    for (let i = from; i < specs.length; i++) {
      const value = this.resolveParameter(specs[i] as ParamSpec, request, container);
      if (isThenable(value)) {
        return Promise.resolve(value).then((resolved) => {
          args[i] = resolved;
          return this.resolveArguments(specs, request, container, i + 1, args);
        });
      }
      args[i] = value;
    }
    return args;
  }

  private resolveParameter(spec: ParamSpec, request: Request, container: Container): unknown {
    if (spec.kind === 'builtin') {
      const params = request.params;
      if (!Object.prototype.hasOwnProperty.call(params, spec.name)) return spec.hasDefault ? spec.defaultValue : undefined;
      const value = params[spec.name] as string;
      // The spec's optional segment: a constraint that allows "" plus a default.
      if (value === '' && spec.hasDefault) return spec.defaultValue;
      return castParameter(spec.type, spec.name, value);
    }
    const cls = container.classFor(spec.type) ?? (isClass(spec.type) ? (spec.type as Class) : undefined);
    if (cls !== undefined) {
      if (cls === Request) return request;
      const build = argumentBuilder(cls);
      if (build !== undefined) return build.call(cls, request, container, spec.type);
    }
    return container.make(spec.type);
  }
}

// Spread or applied, never kept: one empty list serves every route without parameters.
const NO_ARGUMENTS: string[] = [];

function positional(route: Route, request: Request): string[] {
  if (route.paramNames.length === 0) return NO_ARGUMENTS;
  return route.paramNames.map((name) => request.params[name] as string);
}
