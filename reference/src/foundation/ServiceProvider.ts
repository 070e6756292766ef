import type { Application } from './Application';

/**
 * Registers services (register) and, once everything is registered, wires
 * them up (boot). boot() may load further route files with
 * `this.app.loadRoutes(...)`.
 */
export abstract class ServiceProvider {
  constructor(protected readonly app: Application) {}

  register(): void {}

  boot(): void {}
}
