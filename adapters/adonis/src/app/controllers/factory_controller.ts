import type { HttpContext } from '@adonisjs/core/http'
import { record } from '../../adapter/trace.js'

/**
 * The spec's ResponseFactory methods that AdonisJS's response builder (`ctx.response`) lacks.
 * The actions call them anyway, as the spec writes them: JavaScript's TypeError ("... is not a
 * function") is AdonisJS's answer, rendered by its exception handler. Nothing is emulated.
 */
interface SpecOnlyFactoryMethods {
  text(content: string): unknown
  view(name: string, data: Record<string, unknown>): unknown
  redirectRoute(name: string, params: Record<string, unknown>): unknown
  success(data: unknown): unknown
  error(message: string): unknown
  validationError(errors: Record<string, string[]>): unknown
}

/**
 * Protocol §4.2: the spec's ResponseFactory is AdonisJS's fluent response builder, the
 * `response` of the HttpContext every action receives (AdonisJS binds no ResponseFactory in its
 * container: an action reaches the builder through its HttpContext).
 */
export default class FactoryController {
  json({ response }: HttpContext) {
    record('action:FactoryController@json')
    return response.json({ via: 'factory' })
  }

  text(ctx: HttpContext) {
    record('action:FactoryController@text')
    const response = factory(ctx)
    return response.text('plain text')
  }

  noContent({ response }: HttpContext) {
    record('action:FactoryController@noContent')
    return response.noContent()
  }

  view(ctx: HttpContext) {
    record('action:FactoryController@view')
    const response = factory(ctx)
    return response.view('hello', { name: 'Factory' })
  }

  redirect({ response }: HttpContext) {
    record('action:FactoryController@redirect')
    return response.redirect('/target')
  }

  redirectRoute(ctx: HttpContext) {
    record('action:FactoryController@redirectRoute')
    const response = factory(ctx)
    return response.redirectRoute('target', { id: 7 })
  }

  success(ctx: HttpContext) {
    record('action:FactoryController@success')
    const response = factory(ctx)
    return response.success({ id: 1 })
  }

  created({ response }: HttpContext) {
    record('action:FactoryController@created')
    return response.created({ id: 2 })
  }

  error(ctx: HttpContext) {
    record('action:FactoryController@error')
    const response = factory(ctx)
    return response.error('Something failed')
  }

  validationError(ctx: HttpContext) {
    record('action:FactoryController@validationError')
    const response = factory(ctx)
    return response.validationError({ name: ['The name field is required.'] })
  }

  notFound({ response }: HttpContext) {
    record('action:FactoryController@notFound')
    return response.notFound()
  }
}

/** The response builder, typed with the spec's names too, so that the calls read as the spec writes them. */
function factory({ response }: HttpContext): HttpContext['response'] & SpecOnlyFactoryMethods {
  return response as HttpContext['response'] & SpecOnlyFactoryMethods
}
