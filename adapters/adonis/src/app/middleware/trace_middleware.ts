import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { record } from '../../adapter/trace.js'

/** Protocol §4.3: TraceA, TraceB, TraceC record around the next layer and return its result unchanged. */
export function traceMiddleware(name: 'TraceA' | 'TraceB' | 'TraceC') {
  return class {
    async handle(_ctx: HttpContext, next: NextFn) {
      record(`mw:${name}:before`)
      const result = await next()
      record(`mw:${name}:after`)
      return result
    }
  }
}
