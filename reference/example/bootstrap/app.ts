import * as path from 'node:path';
import { Application, type ApplicationOptions } from '../../src';
import { AppServiceProvider } from '../app/Providers/AppServiceProvider';
import { registerViews } from '../resources/views';

/**
 * Builds the application. Bootstrap order: providers register now; at boot
 * routes/web is loaded (found under basePath), then providers boot (which
 * loads routes/api).
 */
export function createApplication(options: ApplicationOptions = {}): Application {
  const app = new Application({ basePath: path.resolve(__dirname, '..'), ...options });
  app.register(AppServiceProvider);
  registerViews(app);
  return app;
}
