import type { Container } from '../container/Container';
import type { Class, Key } from '../container/types';
import type { Request } from './Request';

/**
 * The static hook of a class that builds itself when an action declares a parameter of its type
 * (FormRequest validates, Model binds the input). The dispatcher asks the class instead of testing
 * `instanceof` against each such base class: http/ then needs neither validation/ nor database/,
 * which both build on http/.
 */
export const buildArgument: unique symbol = Symbol('fw.buildArgument');

/** `key` is what the action declared (a class, or a key bound to one); may return a promise. */
export type ArgumentBuilder = (request: Request, container: Container, key: Key) => unknown;

/** The class's hook, inherited ones included; undefined for a class without one. */
export function argumentBuilder(cls: Class): ArgumentBuilder | undefined {
  const hook: unknown = (cls as unknown as Record<typeof buildArgument, unknown>)[buildArgument];
  return typeof hook === 'function' ? (hook as ArgumentBuilder) : undefined;
}
