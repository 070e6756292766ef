import { Controller, defineActions, param } from '../../src';
import { record } from '../Trace';
import { echo, typed } from './typed';

/** Protocol §4.2: the resource controller; `$id` is untyped. */
export class PhotoController extends Controller {
  static actions = defineActions<PhotoController>({
    index: [],
    create: [],
    store: [],
    show: [param.any('id')],
    edit: [param.any('id')],
    update: [param.any('id')],
    destroy: [param.any('id')],
  });

  index() { return this.trace('index'); }
  create() { return this.trace('create'); }
  store() { return this.trace('store'); }
  show(id: string) { return this.trace('show', id); }
  edit(id: string) { return this.trace('edit', id); }
  update(id: string) { return this.trace('update', id); }
  destroy(id: string) { return this.trace('destroy', id); }

  private trace(method: string, ...id: string[]) {
    record(`action:PhotoController@${method}`);
    return echo(`PhotoController@${method}`, id.length ? { id: typed(id[0]) } : {});
  }
}
