import type { Class, InjectCheck } from '../container/types';
import type { DeclaredClosure, MethodNames, ParamSpec } from '../http/parameters';

/** A plain closure receives the decoded route parameters by position, in URI order. */
export type Closure = (...params: string[]) => unknown;

/** A controller class, or the container name it is registered under. */
export type ControllerReference = Class | string;

/**
 * Everything a route can run: a closure, a closure with declared parameters,
 * `[Controller, 'method']`, `['ControllerName', 'method']` or `'ControllerName@method'`.
 */
export type RouteAction = Closure | DeclaredClosure | readonly [ControllerReference, string] | string;

/**
 * The form the verb methods accept. When the controller is given as a class
 * the method name and its `static inject` are checked by the compiler.
 */
export type ActionFor<C extends Class> =
  | Closure
  | DeclaredClosure
  | string
  | readonly [string, string]
  | readonly [C & InjectCheck<C>, MethodNames<InstanceType<C>>];

/** An action after validation at registration time. */
export type RouteHandler =
  | { readonly kind: 'closure'; readonly fn: Closure }
  | { readonly kind: 'declared-closure'; readonly params: readonly ParamSpec[]; readonly fn: (...args: never[]) => unknown }
  | {
      readonly kind: 'controller';
      readonly controller: ControllerReference;
      readonly method: string;
      /** The class when known at registration (always, unless bound through a factory). */
      readonly cls: Class | undefined;
    };
