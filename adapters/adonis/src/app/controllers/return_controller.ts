import type { HttpContext } from '@adonisjs/core/http'
import { record } from '../../adapter/trace.js'

/**
 * Protocol §4.2: each action returns one kind of value. AdonisJS has no response objects to
 * construct and return: an action shapes the one response of its HttpContext (`ctx.response`),
 * so the three response actions do that; the others return the value and leave its conversion
 * to AdonisJS (`useReturnValue`: `ctx.response.send(value)`).
 */
export default class ReturnController {
  response({ response }: HttpContext) {
    record('action:ReturnController@response')
    response.status(201).header('X-Probe', 'response').send('response body')
  }

  jsonResponse({ response }: HttpContext) {
    record('action:ReturnController@jsonResponse')
    response.status(202).json({ kind: 'json' })
  }

  redirectResponse({ response }: HttpContext) {
    record('action:ReturnController@redirectResponse')
    response.redirect().status(301).toPath('/redirected')
  }

  array() {
    record('action:ReturnController@array')
    return { kind: 'array', list: [1, 2, 3] }
  }

  list() {
    record('action:ReturnController@list')
    return [1, 2, 3]
  }

  object() {
    record('action:ReturnController@object')
    return new Serializable()
  }

  string() {
    record('action:ReturnController@string')
    return 'plain string'
  }

  emptyString() {
    record('action:ReturnController@emptyString')
    return ''
  }

  int() {
    record('action:ReturnController@int')
    return 42
  }

  float() {
    record('action:ReturnController@float')
    return 1.5
  }

  true() {
    record('action:ReturnController@true')
    return true
  }

  false() {
    record('action:ReturnController@false')
    return false
  }

  null() {
    record('action:ReturnController@null')
    return null
  }
}

/** An object, not a plain map, that serializes to {"kind":"object"}. */
class Serializable {
  toJSON() {
    return { kind: 'object' }
  }
}
