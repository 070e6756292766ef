import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { record } from '../../adapter/trace.js'
import Calendar from '../services/calendar.js'
import Clock from '../services/clock.js'
import { echo, typed, type TypedValue } from '../services/typed.js'

/**
 * Protocol §4.2, on AdonisJS's handler contract (info `handlers: "context"`, §2.2): AdonisJS calls
 * every action with one HttpContext and passes no route parameter, and no Request, as a parameter
 * of its own. Where the catalog declares one, the echo says what AdonisJS handed the action in its
 * place: the context (the typed value Context, §4.1). Looking the value up in `ctx.params` would be
 * the catalog doing what the spec asks of the framework. A service is injected by the container
 * through @inject() method injection, which fills the parameters after the HttpContext (AdonisJS's
 * documented form): that is AdonisJS's own injection, echoed as it is.
 */
export default class EchoController {
  none(_ctx: HttpContext) {
    return trace('none', {})
  }

  untyped(ctx: HttpContext) {
    return trace('untyped', { value: typed(ctx) })
  }

  string(ctx: HttpContext) {
    return trace('string', { value: typed(ctx) })
  }

  int(ctx: HttpContext) {
    return trace('int', { value: typed(ctx) })
  }

  float(ctx: HttpContext) {
    return trace('float', { value: typed(ctx) })
  }

  bool(ctx: HttpContext) {
    return trace('bool', { value: typed(ctx) })
  }

  pair(ctx: HttpContext) {
    return trace('pair', { second: typed(ctx), first: typed(ctx) })
  }

  mixed(ctx: HttpContext) {
    return trace('mixed', { id: typed(ctx), slug: typed(ctx) })
  }

  withRequest(ctx: HttpContext) {
    return trace('withRequest', { request: typed(ctx), id: typed(ctx) })
  }

  requestLast(ctx: HttpContext) {
    return trace('requestLast', { id: typed(ctx), request: typed(ctx) })
  }

  requestNamed(ctx: HttpContext) {
    return trace('requestNamed', { request: typed(ctx) })
  }

  @inject()
  withService(_ctx: HttpContext, clock: Clock) {
    return trace('withService', { clock: typed(clock) })
  }

  withDefault(ctx: HttpContext) {
    return trace('withDefault', { slug: typed(ctx) })
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
