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

  show({ params }: HttpContext) {
    record('action:InjectedController@show')
    return { action: 'InjectedController@show', ctor: { clock: typed(this.#clock) }, params: { id: typed(params.id) } }
  }
}
