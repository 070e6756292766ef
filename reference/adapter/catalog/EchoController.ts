import { Controller, defineActions, param, Request } from '../../src';
import { record } from '../Trace';
import { Item } from './Item';
import { Calendar, Clock } from './services';
import { StoreItemRequest } from './StoreItemRequest';
import { echo, typed } from './typed';

/** Protocol §4.2: every action echoes what it received, with run-time types. */
export class EchoController extends Controller {
  static actions = defineActions<EchoController>({
    none: [],
    untyped: [param.any('value')],
    string: [param.string('value')],
    int: [param.int('value')],
    float: [param.float('value')],
    bool: [param.bool('value')],
    pair: [param.string('second'), param.string('first')],
    mixed: [param.int('id'), param.string('slug')],
    withRequest: [param.of('request', Request), param.string('id')],
    requestLast: [param.string('id'), param.of('request', Request)],
    requestNamed: [param.of('request', Request)],
    withService: [param.of('clock', Clock)],
    withDefault: [param.string('slug', 'default')],
    withForm: [param.of('form', StoreItemRequest)],
    withModel: [param.of('item', Item)],
    withCalendar: [param.of('calendar', Calendar)],
  });

  none() {
    return this.trace('none', {});
  }

  untyped(value: string) {
    return this.trace('untyped', { value: typed(value) });
  }

  string(value: string) {
    return this.trace('string', { value: typed(value) });
  }

  int(value: number) {
    return this.trace('int', { value: typed(value, 'int') });
  }

  float(value: number) {
    return this.trace('float', { value: typed(value, 'float') });
  }

  bool(value: boolean) {
    return this.trace('bool', { value: typed(value) });
  }

  pair(second: string, first: string) {
    return this.trace('pair', { second: typed(second), first: typed(first) });
  }

  mixed(id: number, slug: string) {
    return this.trace('mixed', { id: typed(id, 'int'), slug: typed(slug) });
  }

  withRequest(request: Request, id: string) {
    return this.trace('withRequest', { request: typed(request), id: typed(id) });
  }

  requestLast(id: string, request: Request) {
    return this.trace('requestLast', { id: typed(id), request: typed(request) });
  }

  requestNamed(request: Request) {
    return this.trace('requestNamed', { request: typed(request) });
  }

  withService(clock: Clock) {
    return this.trace('withService', { clock: typed(clock) });
  }

  withDefault(slug: string) {
    return this.trace('withDefault', { slug: typed(slug) });
  }

  withForm(form: StoreItemRequest) {
    return this.trace('withForm', { form: typed(form) });
  }

  withModel(item: Item) {
    return this.trace('withModel', { item: typed(item) });
  }

  withCalendar(calendar: Calendar) {
    return this.trace('withCalendar', { calendar: typed(calendar) });
  }

  private trace(method: string, params: Record<string, ReturnType<typeof typed>>) {
    record(`action:EchoController@${method}`);
    return echo(`EchoController@${method}`, params);
  }
}
