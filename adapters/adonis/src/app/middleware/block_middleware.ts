import type { HttpContext } from '@adonisjs/core/http'
import { record } from '../../adapter/trace.js'

/** Protocol §4.3: answers 403 "blocked" without calling the next layer. */
export default class Block {
  handle({ response }: HttpContext) {
    record('mw:Block:before')
    response.status(403).send('blocked')
  }
}
