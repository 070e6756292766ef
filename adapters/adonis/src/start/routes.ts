import type { HttpContext } from '@adonisjs/core/http'
import { record } from '../adapter/trace.js'
import { typed } from '../app/services/typed.js'

/**
 * The catalog controllers (protocol §4.2) as an AdonisJS route file names them: lazy imports of
 * the controller modules (`() => import('#controllers/...')`), the form the AdonisJS
 * documentation recommends. AdonisJS builds the controller with its container at each request.
 */
export const controllers = {
  EchoController: () => import('../app/controllers/echo_controller.js'),
  InjectedController: () => import('../app/controllers/injected_controller.js'),
  PhotoController: () => import('../app/controllers/photo_controller.js'),
  PlainController: () => import('../app/controllers/plain_controller.js'),
  ReturnController: () => import('../app/controllers/return_controller.js'),
  FactoryController: () => import('../app/controllers/factory_controller.js'),
  FailController: () => import('../app/controllers/fail_controller.js'),
  ViewController: () => import('../app/controllers/view_controller.js'),
}

/**
 * The catalog closures (protocol §2.3) as AdonisJS route handlers. AdonisJS calls a closure
 * handler with one argument, the HttpContext (info `handlers: "context"`, protocol §2.2): `args`
 * and `named` return the route parameters of that context in the order of the URI, as an AdonisJS
 * application reads them (`ctx.params` is built segment by segment), so the scenarios that watch
 * the router through a closure see what AdonisJS extracted.
 */
export function closure(kind: 'args' | 'named' | 'text' | 'json', value?: unknown): (...args: any[]) => unknown {
  switch (kind) {
    case 'args':
      return ({ params }: HttpContext) => {
        record('closure:args')
        return { closure: 'args', args: Object.values(params).map((a) => typed(a)) }
      }
    case 'named':
      return ({ params }: HttpContext) => {
        record('closure:named')
        return { closure: 'named', args: Object.values(params).slice(0, 2).map((a) => typed(a)) }
      }
    case 'text':
      return () => {
        record('closure:text')
        return value
      }
    case 'json':
      return () => {
        record('closure:json')
        return structuredClone(value)
      }
  }
}

export type RouteHandler = (ctx: HttpContext) => unknown
