/**
 * Type-level vocabulary of the container.
 *
 * TypeScript erases parameter types, so a class states its constructor
 * dependencies in `static inject`. The helpers below let registration APIs
 * check, at compile time, that this list agrees with the constructor.
 */

// `any[]` is required here: constructor parameter lists are contravariant, so
// `unknown[]` would reject every class that takes arguments.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Class<T = unknown> = new (...args: any[]) => T;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AbstractClass<T = unknown> = abstract new (...args: any[]) => T;

/**
 * Any class, for inference only: `never[]` parameters keep overload
 * resolution (which first compares with the subtype relation) from
 * rejecting classes whose constructors take arguments.
 */
export type Constructor<T = unknown> = abstract new (...args: never[]) => T;

declare const tokenType: unique symbol;

/** A string key that remembers the type of the value bound under it. */
export type Token<T> = string & { readonly [tokenType]?: T };

/** Anything the container can be asked for. */
export type Key<T = unknown> = Token<T> | string | symbol | Class<T> | AbstractClass<T>;

/** The value a key resolves to. */
export type Resolved<K> = K extends AbstractClass<infer R>
  ? R
  : K extends Token<infer T>
    ? unknown extends T
      ? unknown
      : T
    : unknown;

export type ResolvedList<I extends readonly unknown[]> = { -readonly [P in keyof I]: Resolved<I[P]> };

/**
 * `unknown` when `static inject` (or its absence) fits the constructor,
 * otherwise an object type whose property names the problem, so the
 * compiler error message explains itself.
 */
export type InjectCheck<C> = C extends abstract new (...args: infer A) => unknown
  ? C extends { readonly inject: infer I extends readonly unknown[] }
    ? number extends I['length']
      ? unknown // declared as a plain array (e.g. inherited from a base class): only checked at run time
      : ResolvedList<I> extends A
        ? unknown
        : { 'static inject does not match the constructor parameters': ResolvedList<I>; constructor: A }
    : [] extends A
      ? unknown
      : { 'class takes constructor parameters but declares no static inject': A }
  : { 'not a class': C };

/** A class whose `static inject` fits its constructor. */
export type Injectable<C> = C & InjectCheck<C>;

/** A factory receives the container that is resolving (a request scope during dispatch). */
export type Factory<T> = (container: import('./Container').Container) => T;
