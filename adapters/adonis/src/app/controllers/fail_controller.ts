import { record } from '../../adapter/trace.js'

/** Protocol §4.2: an action that throws; AdonisJS's exception handler answers. */
export default class FailController {
  explode(): never {
    record('action:FailController@explode')
    throw new Error('probe failure')
  }
}
