import type { Class, Constructor, Key, Token } from '../container/types';

/**
 * Run-time description of action parameters.
 *
 * TypeScript erases parameter names and types, so an action states them
 * explicitly. Each description carries the type of the value it produces;
 * `defineActions` and `closure` compare those types with the real method
 * signature, so a declaration that disagrees with its method does not compile.
 */

declare const produces: unique symbol;

/** int, float and bool values are cast from the URI; string and any are passed as decoded. */
export type BuiltinType = 'int' | 'float' | 'bool' | 'string' | 'any';

interface ParamBase<T> {
  readonly name: string;
  /** Phantom: the type of value this parameter yields. Never set at run time. */
  readonly [produces]?: T;
}

export interface BuiltinParam<T = unknown> extends ParamBase<T> {
  readonly kind: 'builtin';
  readonly type: BuiltinType;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
}

export interface ClassParam<T = unknown> extends ParamBase<T> {
  readonly kind: 'class';
  /** A class, or a container key (alias) naming one. */
  readonly type: Key<T>;
}

export type ParamSpec<T = unknown> = BuiltinParam<T> | ClassParam<T>;

function builtin(type: BuiltinType, name: string, rest: readonly unknown[]): BuiltinParam<never> {
  return { kind: 'builtin', type, name, hasDefault: rest.length > 0, defaultValue: rest[0] };
}

// Each builtin is overloaded so that a default widens the produced type: `param.int('page', null)` yields `number | null`.
function int(name: string): BuiltinParam<number>;
function int<D>(name: string, defaultValue: D): BuiltinParam<number | D>;
function int(name: string, ...rest: unknown[]): BuiltinParam<unknown> {
  return builtin('int', name, rest);
}
function float(name: string): BuiltinParam<number>;
function float<D>(name: string, defaultValue: D): BuiltinParam<number | D>;
function float(name: string, ...rest: unknown[]): BuiltinParam<unknown> {
  return builtin('float', name, rest);
}
function bool(name: string): BuiltinParam<boolean>;
function bool<D>(name: string, defaultValue: D): BuiltinParam<boolean | D>;
function bool(name: string, ...rest: unknown[]): BuiltinParam<unknown> {
  return builtin('bool', name, rest);
}
function string(name: string): BuiltinParam<string>;
function string<D>(name: string, defaultValue: D): BuiltinParam<string | D>;
function string(name: string, ...rest: unknown[]): BuiltinParam<unknown> {
  return builtin('string', name, rest);
}
/** Untyped: the decoded string, like a PHP parameter without a type. */
function any(name: string): BuiltinParam<string>;
function any<D>(name: string, defaultValue: D): BuiltinParam<string | D>;
function any(name: string, ...rest: unknown[]): BuiltinParam<unknown> {
  return builtin('any', name, rest);
}
/** A class-typed parameter: FormRequest, Model, Request or any service. */
function of<T>(name: string, type: Constructor<T>): ClassParam<T>;
function of<T = unknown>(name: string, type: Token<T> | string | symbol): ClassParam<T>;
function of(name: string, type: Key): ClassParam<unknown> {
  return { kind: 'class', name, type };
}

export const param = { int, float, bool, string, any, of };

/** Public method names of an instance type. */
export type MethodNames<C> = {
  [K in keyof C]-?: C[K] extends (...args: never[]) => unknown ? K : never;
}[keyof C] &
  string;

/** The parameter declaration that fits a function type, position by position. */
export type ParamsFor<F> = F extends (...args: infer A) => unknown ? { [I in keyof A]: ParamSpec<A[I]> } : never;

/** Keys must be public methods of C; each list must fit that method's parameters. */
export type ActionMap<C> = { readonly [K in MethodNames<C>]?: ParamsFor<C[K]> };

/**
 * Declares the parameters of a controller's actions:
 *
 *     static actions = defineActions<PhotoController>({
 *       show: [param.int('id'), param.of('request', Request)],
 *     });
 */
export function defineActions<C>(map: ActionMap<C>): ActionMap<C> {
  return map;
}

/** What a list of parameter declarations produces, in order. */
export type ValuesOf<S extends readonly unknown[]> = {
  -readonly [I in keyof S]: S[I] extends ParamSpec<infer T> ? T : never;
};

/** A route closure with declared parameters, so it can receive more than the URI values. */
export interface DeclaredClosure {
  readonly kind: 'declared-closure';
  readonly params: readonly ParamSpec[];
  readonly fn: (...args: never[]) => unknown;
}

/**
 * `router.get('/users/{id}', closure([param.int('id'), param.of('request', Request)], (id, request) => ...))`
 */
export function closure<const S extends readonly ParamSpec<unknown>[]>(
  params: S,
  fn: (...args: ValuesOf<S>) => unknown,
): DeclaredClosure {
  return { kind: 'declared-closure', params, fn: fn as (...args: never[]) => unknown };
}

export function isDeclaredClosure(value: unknown): value is DeclaredClosure {
  return typeof value === 'object' && value !== null && (value as DeclaredClosure).kind === 'declared-closure';
}

/**
 * The declared parameters of `method` on a controller class. Walks the static
 * prototype chain so a subclass inherits the declarations of the actions it
 * inherits.
 */
export function declaredParams(controller: Class, method: string): readonly ParamSpec[] | undefined {
  // Asked on every dispatch: the walk is done once per class and method (declarations are static).
  let byMethod = declarations.get(controller);
  if (byMethod === undefined) declarations.set(controller, (byMethod = new Map()));
  let specs = byMethod.get(method);
  if (specs === undefined) byMethod.set(method, (specs = findDeclaredParams(controller, method) ?? UNDECLARED));
  return specs === UNDECLARED ? undefined : specs;
}

const declarations = new WeakMap<Class, Map<string, readonly ParamSpec[]>>();
/** Remembers "no declaration" (an empty declaration is another list: an action taking nothing). */
const UNDECLARED: readonly ParamSpec[] = Object.freeze([]);

function findDeclaredParams(controller: Class, method: string): readonly ParamSpec[] | undefined {
  for (let cls: unknown = controller; typeof cls === 'function'; cls = Object.getPrototypeOf(cls)) {
    if (!Object.prototype.hasOwnProperty.call(cls, 'actions')) continue;
    const actions = (cls as { actions?: Record<string, readonly ParamSpec[] | undefined> }).actions;
    if (actions !== null && typeof actions === 'object' && Object.prototype.hasOwnProperty.call(actions, method)) {
      return actions[method];
    }
  }
  return undefined;
}
