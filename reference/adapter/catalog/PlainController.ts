import { record } from '../Trace';

/** Protocol §4.2: no base class; `hidden` is public but must stay unreachable without a route. */
export class PlainController {
  hello(): string {
    record('action:PlainController@hello');
    return 'hello';
  }

  hidden(): string {
    record('action:PlainController@hidden');
    return 'hidden';
  }
}
