import type { Router } from '../../src';

/** Loaded by AppServiceProvider::boot, after routes/web. */
export default function api(router: Router): void {
  router.group({ prefix: 'api', middleware: 'ResponseTime' }, (api) => {
    api.get('/ping', () => ({ pong: true })).name('api.ping');
    api.get('/archive/{year:[0-9]{4}}/{month:[0-9]{1,2}}', (year, month) => ({ year, month }));
  });
}
