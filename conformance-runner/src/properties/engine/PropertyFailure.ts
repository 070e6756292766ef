/**
 * The property does not hold: the scenario fails with this (an ordinary assertion failure). A
 * module of its own, because the suite's thread rebuilds it from the properties' worker
 * (propertyWorker/wire.ts) without loading the engine and fast-check.
 */
export class PropertyFailure extends Error {
  override name = 'AssertionError';
}
