import type { HttpContext } from '@adonisjs/core/http'
import { record } from '../../adapter/trace.js'
import { echo, typed, type TypedValue } from '../services/typed.js'

/** Protocol §4.2: a resource controller; `$id` is AdonisJS's `params.id`. */
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

  show({ params }: HttpContext) {
    return trace('show', { id: typed(params.id) })
  }

  edit({ params }: HttpContext) {
    return trace('edit', { id: typed(params.id) })
  }

  update({ params }: HttpContext) {
    return trace('update', { id: typed(params.id) })
  }

  destroy({ params }: HttpContext) {
    return trace('destroy', { id: typed(params.id) })
  }
}

function trace(method: string, params: Record<string, TypedValue>) {
  record(`action:PhotoController@${method}`)
  return echo(`PhotoController@${method}`, params)
}
