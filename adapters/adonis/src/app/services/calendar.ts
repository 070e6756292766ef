import { inject } from '@adonisjs/core'
import Clock from './clock.js'

/**
 * Protocol §4.4: built by the container with its Clock. AdonisJS's container learns a
 * constructor's dependencies from @inject() (TypeScript's emitted parameter types), as AdonisJS
 * applications declare them.
 */
@inject()
export default class Calendar {
  readonly #clock: Clock

  constructor(clock: Clock) {
    this.#clock = clock
  }

  clock(): Clock {
    return this.#clock
  }
}
