import type { Router } from '../../src';
import { DashboardController } from '../app/Http/Controllers/Admin/DashboardController';
import { HomeController } from '../app/Http/Controllers/HomeController';
import { PhotoController } from '../app/Http/Controllers/PhotoController';
import { UserController } from '../app/Http/Controllers/UserController';

/** Loaded by default at bootstrap; receives the router. */
export default function web(router: Router): void {
  router.get('/', [HomeController, 'index']).name('home');
  router.get('/hello/{name}', [HomeController, 'hello']).name('hello');

  // index, create, store, show, edit, update, destroy — named photos.index … photos.destroy
  router.resource('photos', PhotoController);

  router.post('/users', [UserController, 'store']).name('users.store');
  router.get('/users/{id:[0-9]+}', [UserController, 'show']).name('users.show');

  router.group({ prefix: 'admin', middleware: ['Authenticate'] }, (admin) => {
    admin.get('/dashboard', [DashboardController, 'index']).name('admin.dashboard');
  });
}
