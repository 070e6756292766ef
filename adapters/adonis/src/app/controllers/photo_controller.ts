import type { HttpContext } from '@adonisjs/core/http'
import { record } from '../../adapter/trace.js'
import { echo, typed, type TypedValue } from '../services/typed.js'

/** Protocol §4.2: a resource controller; AdonisJS hands `show`, `edit`, `update` and `destroy` their context where the catalog declares `$id` (§2.2). */
export default class PhotoController {
  index(_ctx: HttpContext) {
    return trace('index', {})
  }

  create(_ctx: HttpContext) {
    return trace('create', {})
  }

  store(_ctx: HttpContext) {
    return trace('store', {})
  }

  show(ctx: HttpContext) {
    return trace('show', { id: typed(ctx) })
  }

  edit(ctx: HttpContext) {
    return trace('edit', { id: typed(ctx) })
  }

  update(ctx: HttpContext) {
    return trace('update', { id: typed(ctx) })
  }

  destroy(ctx: HttpContext) {
    return trace('destroy', { id: typed(ctx) })
  }
}

function trace(method: string, params: Record<string, TypedValue>) {
  record(`action:PhotoController@${method}`)
  return echo(`PhotoController@${method}`, params)
}
