import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { record } from '../../adapter/trace.js'
import Clock from '../services/clock.js'
import { typed } from '../services/typed.js'

/** Protocol §4.2: constructor injection, through AdonisJS's @inject() on the class. */
@inject()
export default class InjectedController {
  readonly #clock: Clock

  constructor(clock: Clock) {
    record('ctor:InjectedController')
    this.#clock = clock
  }

  show(ctx: HttpContext) {
    record('action:InjectedController@show')
    // AdonisJS hands the action its context where the catalog declares $id (§2.2).
    return { action: 'InjectedController@show', ctor: { clock: typed(this.#clock) }, params: { id: typed(ctx) } }
  }
}
