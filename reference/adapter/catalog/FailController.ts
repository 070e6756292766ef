import { record } from '../Trace';

/** Protocol §4.2: an action that throws, to observe the framework's 500. */
export class FailController {
  explode(): never {
    record('action:FailController@explode');
    throw new Error('probe failure');
  }
}
