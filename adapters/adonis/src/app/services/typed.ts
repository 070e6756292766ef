// Typed values (protocol §4.1): what a probe received, with its run-time type. Probes never
// convert: a string AdonisJS hands over is reported as a string.
import { HttpContext, HttpRequest } from '@adonisjs/core/http'
import Calendar from './calendar.js'
import Clock from './clock.js'

export interface TypedValue {
  type: string
  value: unknown
}

/**
 * JavaScript has one number type, so an integral number declared `float` would be reported as
 * an int; `declared` says which of the two the probe asked for.
 */
export function typed(value: unknown, declared?: 'int' | 'float'): TypedValue {
  if (value === null || value === undefined) return { type: 'null', value: null }
  if (typeof value === 'string') return { type: 'string', value }
  if (typeof value === 'boolean') return { type: 'bool', value }
  if (typeof value === 'number') {
    if (declared === 'float') return { type: 'float', value }
    return { type: Number.isInteger(value) ? 'int' : 'float', value }
  }
  if (value instanceof HttpRequest) return { type: 'Request', value: requestValue(value) }
  // AdonisJS hands every handler one HttpContext: the protocol's Context (§4.1).
  if (value instanceof HttpContext) return { type: 'Context', value: { params: { ...value.params } } }
  if (value instanceof Clock) return { type: 'Clock', value: value.name() }
  if (value instanceof Calendar) return { type: 'Calendar', value: { clock: typed(value.clock()) } }
  return { type: typeof value, value: String(value) }
}

function requestValue(request: HttpRequest): { method: string; path: string } {
  return { method: request.method(), path: request.url() }
}

/** The echo body of an action (protocol §4.1): the catalog's declared parameters, in order. */
export function echo(action: string, params: Record<string, TypedValue>): { action: string; params: Record<string, TypedValue> } {
  return { action, params }
}
