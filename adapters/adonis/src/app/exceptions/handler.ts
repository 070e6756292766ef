import { ExceptionHandler, type HttpContext } from '@adonisjs/core/http'
import { exceptionHeader } from '../../adapter/exception_header.js'

/**
 * The application's exception handler (the starter kits' app/exceptions/handler.ts), registered
 * with `server.errorHandler()` in start/kernel. AdonisJS renders every error itself; for a 5xx it
 * rendered, the handler adds what the error was as X-Fw-Exception (protocol §3.3): status and
 * body stay AdonisJS's.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  /** A deployed application: no stack traces in error pages. */
  protected debug = false

  async handle(error: unknown, ctx: HttpContext) {
    const result = await super.handle(error, ctx)
    if (ctx.response.getStatus() >= 500) ctx.response.header('X-Fw-Exception', exceptionHeader(error))
    return result
  }
}
