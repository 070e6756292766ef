import type { ApplicationService } from '@adonisjs/core/types'
import HttpExceptionHandler from '../app/exceptions/handler.js'
import ContainerBindingsMiddleware from '../app/middleware/container_bindings_middleware.js'

/**
 * The catalog middleware (protocol §4.3) as AdonisJS's named middleware: `router.named()` turns
 * this collection into the `middleware.TraceA()` references a route file applies. AdonisJS
 * refers to middleware by these functions, not by class-name strings.
 */
export const namedMiddleware = {
  TraceA: () => import('../app/middleware/trace_a_middleware.js'),
  TraceB: () => import('../app/middleware/trace_b_middleware.js'),
  TraceC: () => import('../app/middleware/trace_c_middleware.js'),
  Block: () => import('../app/middleware/block_middleware.js'),
  WithClock: () => import('../app/middleware/with_clock_middleware.js'),
}

/**
 * start/kernel.ts of an AdonisJS application, as a preload: the exception handler, the server
 * middleware and the router middleware of the starter kits (the container bindings; the body
 * parser). A starter kit's kernel imports the process-wide `server` and `router` services; this
 * one takes them from the container of the application it preloads for, as the adapter keeps
 * several applications in one process.
 */
export default async function kernel(app: ApplicationService): Promise<void> {
  const server = await app.container.make('server')
  const router = await app.container.make('router')
  server.errorHandler(async () => ({ default: HttpExceptionHandler }))
  server.use([async () => ({ default: ContainerBindingsMiddleware })])
  router.use([() => import('@adonisjs/core/bodyparser_middleware')])
}
