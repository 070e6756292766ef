import * as path from 'node:path';
import { ServiceProvider } from '../../../src';
import { Authenticate } from '../Http/Middleware/Authenticate';
import { ResponseTime } from '../Http/Middleware/ResponseTime';
import { PhotoRepository } from '../Repositories/PhotoRepository';

export class AppServiceProvider extends ServiceProvider {
  /** Bindings first: middleware names must exist before any route uses them. */
  override register(): void {
    this.app.singleton(PhotoRepository);
    this.app.middleware('Authenticate', Authenticate);
    this.app.middleware('ResponseTime', ResponseTime);
  }

  /** A further route file, loaded after routes/web. */
  override boot(): void {
    this.app.loadRoutes(path.join('routes', 'api'));
  }
}
