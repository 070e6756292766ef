/**
 * Tells an ES class from a factory function without reading its source:
 * the `prototype` property of a class is non-writable, that of an ordinary
 * function is writable, and arrow functions have none.
 */
export function isClass(value: unknown): value is new (...args: never[]) => unknown {
  if (typeof value !== 'function') return false;
  if (classes.has(value)) return true;
  const descriptor = Object.getOwnPropertyDescriptor(value, 'prototype');
  const result = descriptor !== undefined && descriptor.writable === false;
  // A class's prototype property is non-configurable and non-writable for good, so a yes can be remembered.
  if (result && descriptor.configurable === false) classes.add(value);
  return result;
}

const classes = new WeakSet<object>();
