import type { Container } from '../container/Container';
import { isClass } from '../container/isClass';
import type { Class } from '../container/types';
import { Model } from '../database/Model';
import type { Route } from '../routing/Route';
import { FormRequest } from '../validation/FormRequest';
import { castParameter } from './casting';
import { attachContainer, Controller } from './Controller';
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
 * - a FormRequest subclass: built by the container, then validateResolved();
 * - a Model subclass: Model.validateAndBind(request);
 * - Request: the current request;
 * - any other class or key: the container.
 * An action without a declaration receives the route parameters by position,
 * like a closure.
 */
export class ControllerDispatcher {
  async dispatch(route: Route, request: Request, container: Container): Promise<Response> {
    const handler = route.handler;
    switch (handler.kind) {
      case 'closure':
        return toResponse(await handler.fn(...positional(route, request)));
      case 'declared-closure': {
        const args = await this.resolveParameters(handler.params, request, container);
        return toResponse(await (handler.fn as (...a: unknown[]) => unknown)(...args));
      }
      case 'controller': {
        const controller = container.make<Record<string, unknown>>(handler.controller);
        if (controller instanceof Controller) attachContainer(controller, container);
        const action = controller[handler.method];
        if (typeof action !== 'function') {
          throw new TypeError(`Controller for [${route}] has no method [${handler.method}].`);
        }
        const specs = declaredParams((controller as object).constructor as Class, handler.method);
        const args = specs === undefined ? positional(route, request) : await this.resolveParameters(specs, request, container);
        return toResponse(await (action as (...a: unknown[]) => unknown).apply(controller, args));
      }
    }
  }

  /** Values for declared parameters; each is resolved by its name or type, never by position. */
  async resolveParameters(specs: readonly ParamSpec[], request: Request, container: Container): Promise<unknown[]> {
    const args: unknown[] = [];
    for (const spec of specs) args.push(await this.resolveParameter(spec, request, container));
    return args;
  }

  private async resolveParameter(spec: ParamSpec, request: Request, container: Container): Promise<unknown> {
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
      if (cls.prototype instanceof FormRequest) {
        const form = container.make<FormRequest>(spec.type);
        await form.validateResolved();
        return form;
      }
      if (cls.prototype instanceof Model) {
        return (cls as unknown as { validateAndBind(r: Request): unknown }).validateAndBind(request);
      }
    }
    return container.make(spec.type);
  }
}

function positional(route: Route, request: Request): string[] {
  return route.paramNames.map((name) => request.params[name] as string);
}
