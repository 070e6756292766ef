import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { record } from '../../adapter/trace.js'
import Calendar from '../services/calendar.js'
import Clock from '../services/clock.js'
import { echo, typed, type TypedValue } from '../services/typed.js'

/**
 * Protocol §4.2, on AdonisJS's handler contract: every action receives one HttpContext. A route
 * parameter the catalog declares by name is read by that name from `ctx.params` (AdonisJS's
 * route parameters, strings unless a matcher casts them); a Request is `ctx.request`; a service
 * is injected by the container through @inject() method injection, which fills the parameters
 * after the HttpContext (AdonisJS's documented form). The echo lists the catalog's parameters,
 * not the HttpContext every action gets.
 */
export default class EchoController {
  none(_ctx: HttpContext) {
    return trace('none', {})
  }

  untyped({ params }: HttpContext) {
    return trace('untyped', { value: typed(params.value) })
  }

  string({ params }: HttpContext) {
    return trace('string', { value: typed(params.value) })
  }

  int({ params }: HttpContext) {
    return trace('int', { value: typed(params.value, 'int') })
  }

  float({ params }: HttpContext) {
    return trace('float', { value: typed(params.value, 'float') })
  }

  bool({ params }: HttpContext) {
    return trace('bool', { value: typed(params.value) })
  }

  pair({ params }: HttpContext) {
    const { second, first } = params
    return trace('pair', { second: typed(second), first: typed(first) })
  }

  mixed({ params }: HttpContext) {
    const { id, slug } = params
    return trace('mixed', { id: typed(id, 'int'), slug: typed(slug) })
  }

  withRequest({ request, params }: HttpContext) {
    return trace('withRequest', { request: typed(request), id: typed(params.id) })
  }

  requestLast({ params, request }: HttpContext) {
    return trace('requestLast', { id: typed(params.id), request: typed(request) })
  }

  requestNamed({ request }: HttpContext) {
    return trace('requestNamed', { request: typed(request) })
  }

  @inject()
  withService(_ctx: HttpContext, clock: Clock) {
    return trace('withService', { clock: typed(clock) })
  }

  withDefault({ params }: HttpContext) {
    const { slug = 'default' } = params
    return trace('withDefault', { slug: typed(slug) })
  }

  @inject()
  withCalendar(_ctx: HttpContext, calendar: Calendar) {
    return trace('withCalendar', { calendar: typed(calendar) })
  }
}

function trace(method: string, params: Record<string, TypedValue>) {
  record(`action:EchoController@${method}`)
  return echo(`EchoController@${method}`, params)
}
