import type { Class } from '../container/types';
import { Controller } from '../http/Controller';

/**
 * Whether `name` is an action of `cls`: a method the application's own classes define, found from
 * `cls` up to, not including, the framework's base Controller. What every object inherits
 * (`constructor`, `valueOf`, `toString`, `hasOwnProperty`, `__defineGetter__`...) is not an action,
 * nor are the base controller's protected helpers: routed to, they answered 500 or
 * `[object Object]` instead of being refused at registration like any unknown method.
 */
export function isActionMethod(cls: Class, name: string): boolean {
  if (name === 'constructor') return false;
  for (let proto: unknown = cls.prototype; isUserPrototype(proto); proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor !== undefined) return typeof descriptor.value === 'function';
  }
  return false;
}

function isUserPrototype(proto: unknown): proto is object {
  return typeof proto === 'object' && proto !== null && proto !== Object.prototype && proto !== Controller.prototype;
}
