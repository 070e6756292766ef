import { ViewRegistry } from '../../src';
import { record } from '../Trace';

/** Protocol §4.2: no base class; renders through the application's own view system. */
export class ViewController {
  static inject = [ViewRegistry] as const;

  constructor(private readonly views: ViewRegistry) {}

  render(): string {
    record('action:ViewController@render');
    return this.views.render('hello', { name: 'Views & <co>' });
  }
}
