import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { record } from '../../adapter/trace.js'

/** Protocol §4.3: records around the next layer and returns its result unchanged. */
export default class TraceC {
  async handle(_ctx: HttpContext, next: NextFn) {
    record('mw:TraceC:before')
    const result = await next()
    record('mw:TraceC:after')
    return result
  }
}
