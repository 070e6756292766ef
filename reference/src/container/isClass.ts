/**
 * Tells an ES class from a factory function without reading its source:
 * the `prototype` property of a class is non-writable, that of an ordinary
 * function is writable, and arrow functions have none.
 */
export function isClass(value: unknown): value is new (...args: never[]) => unknown {
  if (typeof value !== 'function') return false;
  const descriptor = Object.getOwnPropertyDescriptor(value, 'prototype');
  return descriptor !== undefined && descriptor.writable === false;
}
