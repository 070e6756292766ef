/** A route definition that cannot work; raised while routes are registered, naming the route. */
export class RouteRegistrationError extends Error {
  override name = 'RouteRegistrationError';

  constructor(
    readonly method: string,
    readonly uri: string,
    readonly reason: string,
  ) {
    super(`Cannot register route [${method} ${uri}]: ${reason}.`);
  }
}
