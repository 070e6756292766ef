/** A URL cannot be built for the requested route name and parameters. */
export class UrlGenerationError extends Error {
  override name = 'UrlGenerationError';
}
