import { record } from '../../adapter/trace.js'

/** Protocol §4.2. AdonisJS has no base controller: every controller is a plain class. */
export default class PlainController {
  hello() {
    record('action:PlainController@hello')
    return 'hello'
  }

  /** Public, never routed by the suite. */
  hidden() {
    record('action:PlainController@hidden')
    return 'hidden'
  }
}
