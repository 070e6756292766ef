import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { record } from '../../adapter/trace.js'
import Clock from '../services/clock.js'

/** Protocol §4.3: built by the container with a Clock (@inject()); adds X-Clock to the response. */
@inject()
export default class WithClock {
  readonly #clock: Clock

  constructor(clock: Clock) {
    record('ctor:WithClock')
    this.#clock = clock
  }

  async handle({ response }: HttpContext, next: NextFn) {
    const result = await next()
    response.header('X-Clock', this.#clock.name())
    return result
  }
}
