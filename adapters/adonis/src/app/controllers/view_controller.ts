import type { HttpContext } from '@adonisjs/core/http'
import { record } from '../../adapter/trace.js'

/** Protocol §4.2: renders `hello` with AdonisJS's view renderer (Edge, `ctx.view`) and returns the string. */
export default class ViewController {
  render({ view }: HttpContext) {
    record('action:ViewController@render')
    return view.render('hello', { name: 'Views & <co>' })
  }
}
