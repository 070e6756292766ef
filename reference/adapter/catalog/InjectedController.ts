import { defineActions, param } from '../../src';
import { record } from '../Trace';
import { Clock } from './services';
import { typed } from './typed';

/** Protocol §4.2: built by the container with constructor injection. */
export class InjectedController {
  static inject = [Clock] as const;
  static actions = defineActions<InjectedController>({ show: [param.string('id')] });

  constructor(private readonly clock: Clock) {
    record('ctor:InjectedController');
  }

  show(id: string) {
    record('action:InjectedController@show');
    return { action: 'InjectedController@show', ctor: { clock: typed(this.clock) }, params: { id: typed(id) } };
  }
}
