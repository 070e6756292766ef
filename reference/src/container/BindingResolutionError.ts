/** Raised when the container cannot produce a value for a key. */
export class BindingResolutionError extends Error {
  override name = 'BindingResolutionError';
}
